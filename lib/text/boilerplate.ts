/**
 * Spans a server repeats across its tools' descriptions: a product header ("Acme API tool.
 * Requires an API key ..."), an error block ("Error Responses: 400: Bad request ..."), a
 * shared sentence. They say nothing about what one tool does differently, yet they dominate
 * averaged vectors and TF-IDF alike, so every pair of that server looks alike.
 *
 * A span is a run of words covered by word n-grams (n = BOILERPLATE_NGRAM) that occur in at
 * least BOILERPLATE_MIN_SHARE of the server's descriptions and in at least
 * BOILERPLATE_MIN_TOOLS of them. Words are compared lowercased, punctuation ignored, so
 * "400: Bad request" and "400 - bad request" are the same span.
 */
export const BOILERPLATE_NGRAM = 5;
export const BOILERPLATE_MIN_SHARE = 0.5;
export const BOILERPLATE_MIN_TOOLS = 3;

export type BoilerplateSpan = { span: string; share: number };
export type Boilerplate = {
  /** Distinct spans, most shared first; the text is as in the first description that has it. */
  spans: BoilerplateSpan[];
  /** Each description with its boilerplate cut out (the original when none). */
  stripped: string[];
  /** Share of each description's words that were boilerplate (0..1). */
  removedShare: number[];
};

type Word = { key: string; start: number; end: number };

function wordsOf(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)) out.push({ key: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length });
  return out;
}

const gramKey = (words: Word[], i: number, n: number) => {
  let key = words[i]!.key;
  for (let k = 1; k < n; k++) key += ` ${words[i + k]!.key}`;
  return key;
};

/** Cuts [start, end) ranges out of a text and tidies the seams (no doubled spaces or stray punctuation at the start). */
function cut(text: string, ranges: [number, number][]): string {
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += `${text.slice(at, start)} `;
    at = end;
  }
  out += text.slice(at);
  return out
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/([.,;:!?])(?:\s*[.,;:!?])+/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.,;:!?-]+/, '')
    .trim();
}

/** Boilerplate of one server's descriptions (pass all of one server's tools at once). */
export function detectBoilerplate(descriptions: readonly string[], n = BOILERPLATE_NGRAM): Boilerplate {
  const count = descriptions.length;
  const words = descriptions.map(wordsOf);
  const none = (): Boilerplate => ({ spans: [], stripped: [...descriptions], removedShare: descriptions.map(() => 0) });
  const needed = Math.max(BOILERPLATE_MIN_TOOLS, Math.ceil(count * BOILERPLATE_MIN_SHARE));
  if (count < needed) return none();

  const frequency = new Map<string, number>();
  for (const list of words) {
    const seen = new Set<string>();
    for (let i = 0; i + n <= list.length; i++) seen.add(gramKey(list, i, n));
    for (const key of seen) frequency.set(key, (frequency.get(key) ?? 0) + 1);
  }
  const common = new Set([...frequency].filter(([, f]) => f >= needed).map(([k]) => k));
  if (common.size === 0) return none();

  const spans = new Map<string, BoilerplateSpan & { minFrequency: number }>();
  const stripped: string[] = [];
  const removedShare: number[] = [];
  descriptions.forEach((text, d) => {
    const list = words[d]!;
    const covered = new Uint8Array(list.length);
    const gramFrequency = new Int32Array(list.length).fill(count);
    for (let i = 0; i + n <= list.length; i++) {
      const key = gramKey(list, i, n);
      if (!common.has(key)) continue;
      const f = frequency.get(key)!;
      for (let k = i; k < i + n; k++) {
        covered[k] = 1;
        gramFrequency[k] = Math.min(gramFrequency[k]!, f);
      }
    }
    const ranges: [number, number][] = [];
    let removed = 0;
    for (let i = 0; i < list.length; i++) {
      if (!covered[i]) continue;
      let j = i;
      let minFrequency = count;
      while (j < list.length && covered[j]) minFrequency = Math.min(minFrequency, gramFrequency[j++]!);
      const start = list[i]!.start;
      // The run's own trailing punctuation goes with it ("Bad request." leaves no lone ".").
      const end = j < list.length ? list[j]!.start : text.length;
      ranges.push([start, end]);
      removed += j - i;
      const key = list.slice(i, j).map((w) => w.key).join(' ');
      const known = spans.get(key);
      if (!known) spans.set(key, { span: text.slice(start, list[j - 1]!.end), share: minFrequency / count, minFrequency });
      i = j - 1;
    }
    const rest = ranges.length ? cut(text, ranges) : text;
    stripped.push(rest);
    removedShare.push(list.length ? removed / list.length : 0);
  });
  return {
    spans: [...spans.values()].sort((x, y) => y.share - x.share || y.span.length - x.span.length).map(({ span, share }) => ({ span, share: Math.round(share * 100) / 100 })),
    stripped,
    removedShare,
  };
}

export type GroupedText = { server: string; name: string; description: string };
export type ServerBoilerplate = { server: string; span: string; share: number };

/**
 * Boilerplate per server over a mixed list of tools: the texts to compare (a description that
 * was all boilerplate falls back to the name read as words, so two such tools still differ by
 * name), the share of each description that was cut, and the spans found, per server.
 */
export function stripServerBoilerplate(tools: readonly GroupedText[], nameAsText: (name: string) => string): { texts: string[]; removedShare: number[]; spans: ServerBoilerplate[] } {
  const byServer = new Map<string, number[]>();
  tools.forEach((t, i) => byServer.set(t.server, [...(byServer.get(t.server) ?? []), i]));
  const texts = tools.map((t) => t.description);
  const removedShare = tools.map(() => 0);
  const spans: ServerBoilerplate[] = [];
  for (const [server, indices] of byServer) {
    if (indices.length < BOILERPLATE_MIN_TOOLS) continue;
    const found = detectBoilerplate(indices.map((i) => tools[i]!.description));
    if (found.spans.length === 0) continue;
    indices.forEach((i, k) => {
      const rest = found.stripped[k]!;
      texts[i] = rest.length > 0 ? rest : nameAsText(tools[i]!.name);
      removedShare[i] = found.removedShare[k]!;
    });
    for (const s of found.spans) spans.push({ server, ...s });
  }
  return { texts, removedShare, spans };
}
