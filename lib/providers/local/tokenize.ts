import { STOP_WORDS } from './stop-words';

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

/** Splits camelCase, snake_case, kebab-case and dotted names into words. */
function splitIdentifiers(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-./:]+/g, ' ');
}

/** Lowercase word stems without stop words, in order (duplicates kept for term frequency). */
export function tokenize(text: string): string[] {
  const words = splitIdentifiers(text).toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.filter((w) => !STOP_WORDS.has(w)).map(stemWord);
}
