export type DiffPart = { op: 'same' | 'add' | 'del'; text: string };

/** Beyond this many word comparisons the LCS table gets slow: show the texts side by side unmarked. */
const MAX_CELLS = 2_000_000;

/** Words and the whitespace after them, so joining the parts gives back the text. */
function tokens(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function push(parts: DiffPart[], op: DiffPart['op'], text: string) {
  const last = parts[parts.length - 1];
  if (last && last.op === op) last.text += text;
  else parts.push({ op, text });
}

/** A word-level diff (longest common subsequence); null when the texts are too long to compare. */
export function diffWords(before: string, after: string): DiffPart[] | null {
  const a = tokens(before);
  const b = tokens(after);
  if (a.length * b.length > MAX_CELLS) return null;
  const norm = (t: string) => t.trim();
  // lcs[i][j] = LCS length of a[i..] and b[j..], in one flat array.
  const w = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * w + j] = norm(a[i]!) === norm(b[j]!) ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (norm(a[i]!) === norm(b[j]!)) {
      push(parts, 'same', b[j]!);
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) push(parts, 'del', a[i++]!);
    else push(parts, 'add', b[j++]!);
  }
  while (i < a.length) push(parts, 'del', a[i++]!);
  while (j < b.length) push(parts, 'add', b[j++]!);
  return parts;
}
