import { QUERY_STOP_WORDS } from '@/lib/text/stop-words';
import { humanizeName, stemWord } from '@/lib/text/tokenize';

/**
 * Words that are not stop words but still say nothing about what a tool is for; quoting
 * them ("use it for another, whether and single", "use it for parameter, lines and cannot")
 * would make a recommendation read as noise.
 */
const FILLER = new Set(
  `another whether single overall one two three first last new existing given specific optionally optional default
  including include includes provide provides provided allow allows based various different multiple several many much
  like well way without within across every always never either neither already right away later whole full done make
  makes made take takes see able instead rather other others thing things item items data information info result
  results return returns returned specified available possible particular certain ran
  cannot could would should must may might need needs needed use used uses using tool tools operation operations
  parameter parameters argument arguments caution careful completely clearly detailed comprehensive essential perfect
  useful efficient simultaneously successfully silently proper properly regardless warning deprecated handles handle
  whose works work working help helps helpful simple simply entire entirely exactly directly easily quickly actual actually`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Maps the TF-IDF stems ("retriev", "creat") back to a word as the tool's text spells it,
 * so recommendations quote real words.
 */
export function surfaceWords(text: string): Map<string, string> {
  const words = humanizeName(text).toLowerCase().match(/[a-z][a-z0-9]*/g) ?? [];
  const byStem = new Map<string, string>();
  for (const word of words) {
    if (QUERY_STOP_WORDS.has(word) || FILLER.has(word) || word.length < 3) continue;
    const stem = stemWord(word);
    if (!byStem.has(stem)) byStem.set(stem, word);
  }
  return byStem;
}

/** A word worth quoting as what sets a tool apart: letters first, not a number or a stray fragment. */
export function isQuotable(word: string): boolean {
  return /^[a-z][a-z0-9]{2,}$/.test(word) && !FILLER.has(word) && !QUERY_STOP_WORDS.has(word);
}

export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export function quote(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `"${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`;
}
