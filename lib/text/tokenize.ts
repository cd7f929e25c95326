import { DESCRIPTION_STOP_WORDS, QUERY_STOP_WORDS, WORDING_STOP_WORDS } from './stop-words';

/**
 * The one tokenizer family of the app. Every variant reads identifiers the way people do
 * (camelCase, "HTTPServer", snake_case, kebab-case, dotted names), then keeps what its caller
 * compares. The variants differ on purpose, and each one's output is what figures were measured
 * on (the local router's F1, the word-vector calibration, the wording scores):
 * - tokenize: stems, for TF-IDF (local provider, similarity's description overlap).
 * - contentWords: whole words, for word vectors (a vector table holds words, not stems).
 * - unicodeWords: words of any script ("Crée une tâche"), for the wording comparison shown to
 *   people; the ASCII variants would cut "tâche" into "t" and "che".
 */

/** "getHTTPServerStatus" -> "get HTTP Server Status": a space wherever case says a new word starts. */
function splitCase(text: string): string {
  return text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
}

/** Splits camelCase, "HTTPServer", snake_case, kebab-case, dotted and "a:b" names into space-separated words. */
function splitIdentifiers(text: string): string {
  return splitCase(text).replace(/[_\-./:]+/g, ' ');
}

/** "rag_retrieve_context", "getRunSummary" -> "rag retrieve context", "get Run Summary". */
export function humanizeName(name: string): string {
  return splitIdentifiers(name).replace(/\s+/g, ' ').trim();
}

/**
 * Lowercase ASCII letter-and-digit runs of a text, identifiers split; duplicates and order kept.
 * Separators need no pass of their own here: every non-alphanumeric character ends a run.
 */
function asciiWords(text: string): string[] {
  return splitCase(text).toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/**
 * Light suffix stripping (not a full Porter stemmer): enough for "todos"/"todo",
 * "created"/"create"/"creating" and "searches"/"search" to meet, and predictable to read.
 */
export function stemWord(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  // "stopp" -> "stop", "runn" -> "run" after -ing/-ed; ll/ss/zz are usually part of the root.
  if (w.length > 3 && /([b-df-hj-kmnp-rtv-y])\1$/.test(w)) w = w.slice(0, -1);
  // "create" and "creat(ed)" meet on "creat".
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** TF-IDF terms: lowercase word stems without QUERY_STOP_WORDS, in order (duplicates kept for term frequency). */
export function tokenize(text: string): string[] {
  return asciiWords(text)
    .filter((w) => !QUERY_STOP_WORDS.has(w))
    .map(stemWord);
}

/**
 * Content words of a text for the word-vector model: lowercased, without DESCRIPTION_STOP_WORDS,
 * single letters and bare numbers. Order is kept; duplicates count again (a word repeated in a
 * description weighs more, as in any mean-of-words embedding).
 */
export function contentWords(text: string): string[] {
  const words: string[] = [];
  for (const word of asciiWords(text)) {
    // One letter is a stray "s" of "user's" or an "e" of "e.g.", never a meaning of its own.
    if (word.length < 2 || /^[0-9]+$/.test(word) || DESCRIPTION_STOP_WORDS.has(word)) continue;
    words.push(word);
  }
  return words;
}

/**
 * Lowercase words of any script without WORDING_STOP_WORDS. Only a lowercase-to-uppercase step
 * splits an identifier ("getRunSummary"); separators split as any non-letter does.
 */
export function unicodeWords(text: string): string[] {
  const words = text.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !WORDING_STOP_WORDS.has(w));
}
