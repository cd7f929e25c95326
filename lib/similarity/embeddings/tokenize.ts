import { STOP_WORDS } from './stop-words';

/**
 * Content words of a text for the word-vector model: identifiers are split the way people
 * read them (snake_case, kebab-case, camelCase, "HTTPServer" -> http server), lowercased, and
 * stop words, single letters and bare numbers dropped. Order is kept; duplicates count again (a word repeated
 * in a description weighs more, as in any mean-of-words embedding).
 */
export function contentWords(text: string): string[] {
  const spaced = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  const words: string[] = [];
  for (const token of spaced.split(/[^a-z0-9]+/)) {
    // One letter is a stray "s" of "user's" or an "e" of "e.g.", never a meaning of its own.
    if (token.length < 2 || /^[0-9]+$/.test(token) || STOP_WORDS.has(token)) continue;
    words.push(token);
  }
  return words;
}
