/**
 * The passage two descriptions share word for word: a server's header or error block, or a
 * sentence copied from one tool to the next. The analysis may already know the spans a server
 * repeats in most of its tools (`boilerplate`); where it does, those are used, otherwise the
 * longest common run of words of the pair is measured here, and how many of the server's
 * tools carry it decides whether it is the server's boilerplate or the pair's own wording.
 */

import type { ServerBoilerplate } from '@/lib/text/boilerplate';

export type SharedSpan = {
  /** The span as the examined tool's description spells it. */
  text: string;
  words: number;
  /** 'server': most of the server's tools carry it; 'pair': these two tools share it. */
  source: 'server' | 'pair';
  /** Share of the server's tools whose description contains it. */
  share: number;
};

/** Shorter runs are phrases ("in the knowledge graph"), not a passage worth cutting. */
export const MIN_SPAN_WORDS = 6;
/** Spans in this share of a server's tools (and at least MIN_SERVER_TOOLS of them) are the server's. */
const SERVER_SHARE = 0.5;
const MIN_SERVER_TOOLS = 3;
/** Longer descriptions are compared on their first words only: the quadratic match stays cheap. */
const MAX_WORDS = 400;

type Word = { key: string; start: number; end: number };

function words(text: string): Word[] {
  const out: Word[] = [];
  // Letter-and-digit runs, as lib/text/boilerplate.ts reads words: "400: Bad request" and "400 - bad request" meet.
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)) {
    out.push({ key: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length });
    if (out.length >= MAX_WORDS) break;
  }
  return out;
}

/** Lowercase words joined by single spaces: how spans are compared across descriptions. */
export function normalizeSpan(text: string): string {
  return words(text)
    .map((w) => w.key)
    .join(' ');
}

/** The longest run of words both texts contain in the same order, as `a` spells it. */
export function longestCommonRun(a: string, b: string): { text: string; words: number } | null {
  const wa = words(a);
  const wb = words(b);
  if (wa.length === 0 || wb.length === 0) return null;
  let best = 0;
  let endA = 0;
  let prev = new Uint16Array(wb.length + 1);
  let row = new Uint16Array(wb.length + 1);
  for (let i = 1; i <= wa.length; i++) {
    for (let j = 1; j <= wb.length; j++) {
      row[j] = wa[i - 1]!.key === wb[j - 1]!.key ? prev[j - 1]! + 1 : 0;
      if (row[j]! > best) {
        best = row[j]!;
        endA = i;
      }
    }
    [prev, row] = [row, prev];
    row.fill(0);
  }
  if (best === 0) return null;
  const first = wa[endA - best]!;
  const last = wa[endA - 1]!;
  return { text: a.slice(first.start, last.end), words: best };
}

/** Share of the descriptions that contain the span (compared as normalised words). */
function shareOf(span: string, normalizedDescriptions: readonly string[]): number {
  if (normalizedDescriptions.length === 0) return 0;
  const key = ` ${normalizeSpan(span)} `;
  return normalizedDescriptions.filter((d) => ` ${d} `.includes(key)).length / normalizedDescriptions.length;
}

/** Finds the span of `a` as spelled there, given its normalised words (for spans the analysis reports). */
function spellIn(text: string, span: string): string | null {
  const ws = words(text);
  const target = normalizeSpan(span).split(' ');
  for (let i = 0; i + target.length <= ws.length; i++) {
    if (target.every((t, k) => ws[i + k]!.key === t)) return text.slice(ws[i]!.start, ws[i + target.length - 1]!.end);
  }
  return null;
}

export type SpanContext = {
  /** Normalised descriptions of every tool of the server. */
  serverDescriptions: readonly string[];
  /** What the analysis reported for this server, if anything. */
  boilerplate: readonly ServerBoilerplate[];
};

/**
 * The longest passage both descriptions share: a reported server span both contain, else
 * the pair's longest common run of at least MIN_SPAN_WORDS words (null when there is none).
 */
export function sharedSpan(a: string, b: string, context: SpanContext | null): SharedSpan | null {
  const normB = ` ${normalizeSpan(b)} `;
  const reported = (context?.boilerplate ?? [])
    .map((bp) => ({ bp, text: spellIn(a, bp.span) }))
    .filter((x): x is { bp: ServerBoilerplate; text: string } => x.text !== null && normB.includes(` ${normalizeSpan(x.bp.span)} `))
    .sort((x, y) => y.text.length - x.text.length)[0];
  if (reported) return { text: reported.text, words: normalizeSpan(reported.text).split(' ').length, source: 'server', share: reported.bp.share };
  const run = longestCommonRun(a, b);
  if (!run || run.words < MIN_SPAN_WORDS) return null;
  const descriptions = context?.serverDescriptions ?? [];
  const share = shareOf(run.text, descriptions);
  const server = descriptions.length > 0 && share >= SERVER_SHARE && share * descriptions.length >= MIN_SERVER_TOOLS;
  return { ...run, source: server ? 'server' : 'pair', share: Math.round(share * 100) / 100 };
}
