import type { Span } from './types';

/** Small readers of description text shared by the rules. Offsets are into the string given. */

export function wordCount(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/**
 * The first sentence: up to the first ". ", "! ", "? " or line break (so "e.g. x" and "v1.2"
 * do not end it), trimmed. A description without such a break is one sentence.
 */
export function firstSentence(text: string): Span {
  const lead = text.length - text.trimStart().length;
  const rest = text.slice(lead);
  const end = rest.search(/(?<!\be\.g|\bi\.e|\betc)[.!?](?=\s|$)|\n/);
  const sentence = (end < 0 ? rest : rest.slice(0, end + (rest[end] === '\n' ? 0 : 1))).trimEnd();
  return { start: lead, end: lead + sentence.length, text: sentence };
}

/** The first match of any of the patterns, as a span, or null. */
export function findAny(text: string, patterns: readonly RegExp[]): Span | null {
  let best: Span | null = null;
  for (const p of patterns) {
    const m = new RegExp(p.source, p.flags.replace('g', '')).exec(text);
    if (m && (!best || m.index < best.start)) best = { start: m.index, end: m.index + m[0].length, text: m[0] };
  }
  return best;
}

/** Where a word or phrase first occurs, case-insensitively, as a whole word. */
export function findWord(text: string, word: string): Span | null {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(?<![A-Za-z0-9_])${escaped}(?![A-Za-z0-9_])`, 'i').exec(text);
  return m ? { start: m.index, end: m.index + m[0].length, text: m[0] } : null;
}

/** A short quote of a text for a message: at most `max` characters, cut at a word. */
export function quote(text: string, max = 80): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}...`;
}
