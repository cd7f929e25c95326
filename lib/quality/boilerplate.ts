import type { Span } from './types';

/**
 * Spans a server repeats in many of its tools' descriptions: a shared header, an "Error
 * Responses" block, a product prefix. A span is a run of at least GRAM words (compared
 * lowercased, punctuation at word edges ignored) that occurs in at least MIN_SHARE of the
 * server's tools and in at least MIN_TOOLS of them; with fewer tools a shared phrase says
 * more about two similar tools than about the server.
 */
export const GRAM = 6;
export const MIN_SHARE = 0.5;
export const MIN_TOOLS = 3;

type Word = { key: string; start: number; end: number };

function words(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(/\S+/g)) {
    const key = m[0].toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (key) out.push({ key, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

function grams(ws: Word[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + GRAM <= ws.length; i++) out.push(ws.slice(i, i + GRAM).map((w) => w.key).join(' '));
  return out;
}

/** The n-grams of GRAM words that MIN_SHARE (and MIN_TOOLS) of these descriptions contain. */
export function repeatedGrams(descriptions: string[]): Set<string> {
  const need = Math.max(MIN_TOOLS, Math.ceil(descriptions.length * MIN_SHARE));
  if (descriptions.length < need) return new Set();
  const counts = new Map<string, number>();
  for (const d of descriptions) for (const g of new Set(grams(words(d)))) counts.set(g, (counts.get(g) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n >= need).map(([g]) => g));
}

/** The maximal runs of a description covered by repeated n-grams, and the share of its words they hold. */
export function boilerplateIn(text: string, repeated: ReadonlySet<string>): { spans: Span[]; share: number } {
  const ws = words(text);
  if (!repeated.size || ws.length < GRAM) return { spans: [], share: 0 };
  const covered = new Array<boolean>(ws.length).fill(false);
  grams(ws).forEach((g, i) => {
    if (repeated.has(g)) for (let k = i; k < i + GRAM; k++) covered[k] = true;
  });
  const spans: Span[] = [];
  let count = 0;
  for (let i = 0; i < ws.length; i++) {
    if (!covered[i]) continue;
    let j = i;
    while (j + 1 < ws.length && covered[j + 1]) j++;
    const start = ws[i]?.start ?? 0;
    const end = ws[j]?.end ?? start;
    spans.push({ start, end, text: text.slice(start, end) });
    count += j - i + 1;
    i = j;
  }
  return { spans, share: count / ws.length };
}
