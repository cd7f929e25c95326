/**
 * Words dropped before texts are compared. Three lists, because three kinds of text are
 * cleaned and each list was tuned (and its figures measured) on its own: merging them moves
 * the local router's F1, the word-vector calibration and the wording scores shown in
 * recommendations. They share one core of English function words; what each adds says what it
 * is for. stop-words.test.ts pins each list's size, so a change here is a deliberate one.
 */

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** Function words all three lists drop. */
const ENGLISH = words(`a about above after again against all also am an and any are as at be because been before being
  below between both but by can could did do does doing down during each etc few for from further had has have having
  he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only
  or other our ours out over own same she should so some such than that the their theirs them then there these they
  this those through to too under until up use used using very via was we were what when where which while who whom
  why will with would you your yours`);

const REFLEXIVES = words('herself himself myself ourselves themselves yourself yourselves');

/** Formal function words of written descriptions (rare in a request to an assistant). */
const FORMAL = words('either may must us whether within without yet');

/**
 * For the local provider's TF-IDF (queries and tool documents): request boilerplate
 * ("please", "can you show me") and the fragments "e.g." and "user's" split into, which carry
 * no signal about which tool fits and would otherwise inflate cosine scores.
 */
export const QUERY_STOP_WORDS: ReadonlySet<string> = new Set([
  ...ENGLISH,
  ...REFLEXIVES,
  ...words('let please maybe kindly want wants need needs get gets got give show tell e g eg ie s t'),
]);

/**
 * For the word-vector model's bag of words of a tool description: the boilerplate nearly every
 * description uses ("use this tool to...", "returns", "the specified"). Left in, it pulls every
 * pair of descriptions together and the model could not tell a todo tool from a search tool.
 */
export const DESCRIPTION_STOP_WORDS: ReadonlySet<string> = new Set([
  ...ENGLISH,
  ...REFLEXIVES,
  ...FORMAL,
  ...words(`tool tools uses call calls called returns return returned given specified provided provides optional
    optionally required eg ie one ones based`),
]);

/**
 * For the wording comparison of two descriptions (text-similarity.ts): only grammar words, so
 * the shared words a recommendation quotes are ones a tool designer wrote and can edit.
 */
export const WORDING_STOP_WORDS: ReadonlySet<string> = new Set([
  ...ENGLISH,
  ...FORMAL,
  ...words('else however might per shall thus upon whose'),
]);
