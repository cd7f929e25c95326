/**
 * Pairs expected calls with the calls a model made, by tool identity (server AND tool).
 * - 'exact': the longest in-order common subsequence; among equally long ones, each expected
 *   call takes the earliest call that still allows the longest match. Expected calls left
 *   over are then paired with a leftover call of the same tool (earliest first) and marked
 *   out of order.
 * - 'any': expected calls in list order each take, among the unpaired calls of their tool,
 *   the one whose arguments score best (`rank`), the earliest on a tie.
 */
export type ToolKey = { server: string; tool: string };
export type Pairing = { expectedIndex: number; callIndex: number; outOfOrder: boolean };

const same = (a: ToolKey, b: ToolKey) => a.server === b.server && a.tool === b.tool;

export function matchInOrder(expected: ToolKey[], calls: ToolKey[]): Pairing[] {
  const n = expected.length;
  const m = calls.length;
  // lcs[i][j]: longest common subsequence of expected[i..] and calls[j..].
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const row = lcs[i] as number[];
      const below = lcs[i + 1] as number[];
      row[j] = same(expected[i] as ToolKey, calls[j] as ToolKey) ? 1 + (below[j + 1] as number) : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  const pairs: Pairing[] = [];
  const usedCalls = new Set<number>();
  const pairedExpected = new Set<number>();
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const here = (lcs[i] as number[])[j] as number;
    if (same(expected[i] as ToolKey, calls[j] as ToolKey) && here === 1 + ((lcs[i + 1] as number[])[j + 1] as number)) {
      pairs.push({ expectedIndex: i, callIndex: j, outOfOrder: false });
      usedCalls.add(j);
      pairedExpected.add(i);
      i++;
      j++;
    } else if (here === (lcs[i] as number[])[j + 1]) {
      j++;
    } else {
      i++;
    }
  }
  for (let e = 0; e < n; e++) {
    if (pairedExpected.has(e)) continue;
    const c = calls.findIndex((call, k) => !usedCalls.has(k) && same(call, expected[e] as ToolKey));
    if (c === -1) continue;
    usedCalls.add(c);
    pairs.push({ expectedIndex: e, callIndex: c, outOfOrder: true });
  }
  return pairs.sort((a, b) => a.expectedIndex - b.expectedIndex);
}

/** `rank(expectedIndex, callIndex, pairedSoFar)`: higher is better (argument correctness); called in expected order. */
export function matchAnyOrder(expected: ToolKey[], calls: ToolKey[], rank: (expectedIndex: number, callIndex: number, pairedSoFar: Pairing[]) => number): Pairing[] {
  const used = new Set<number>();
  const pairs: Pairing[] = [];
  expected.forEach((e, expectedIndex) => {
    let best = -1;
    let bestScore = -Infinity;
    calls.forEach((call, callIndex) => {
      if (used.has(callIndex) || !same(call, e)) return;
      const score = rank(expectedIndex, callIndex, pairs);
      if (score > bestScore) {
        best = callIndex;
        bestScore = score;
      }
    });
    if (best === -1) return;
    used.add(best);
    pairs.push({ expectedIndex, callIndex: best, outOfOrder: false });
  });
  return pairs;
}
