import type { ParameterRef } from './evidence';
import { listWords } from './words';

/** Small pieces the rules write sentences with; each returns words that fit mid-sentence. */

/**
 * How a sentence names a tool: as is when it is one identifier (`read_file`, `alpha/search`),
 * in backticks when it holds spaces or sentence punctuation ("Is Feed Done?", "Get DAG Details"),
 * so the name cannot end or split a sentence.
 */
export function toolLabel(name: string): string {
  return /^[\w./#:@~+-]+$/.test(name) ? name : `\`${name.replace(/`/g, "'")}\``;
}

/** `"run", "count" and "distribution"` */
export function quoteWords(words: readonly string[], max = 3): string {
  return listWords(words.slice(0, max).map((w) => `"${w}"`));
}

/** `pattern (string)` or `path and pattern` */
export function parameterList(params: readonly ParameterRef[], max = 3): string {
  return listWords(params.slice(0, max).map((p) => (p.type ? `${p.name} (${p.type})` : p.name)));
}

export function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** Joins sentences, each starting with a capital and ending with a period. */
export function paragraph(sentences: readonly (string | null | undefined | false)[]): string {
  return sentences
    .filter((s): s is string => typeof s === 'string' && s.trim().length > 0)
    .map((s) => {
      const t = s.trim();
      const capital = `${t.charAt(0).toUpperCase()}${t.slice(1)}`;
      return /[.!?]$/.test(capital) ? capital : `${capital}.`;
    })
    .join(' ');
}
