import { knownVerb, parseToolAction } from '@/lib/text/actions';
import { idfOf } from '@/lib/text/tfidf';
import { contentWords, humanizeName, stemWord, tokenize } from '@/lib/text/tokenize';
import { fillParameter, schemaParameters, type FilledParameter } from './values';

/**
 * Rule-based drafts of test cases that tell two confusable tools apart: a request a person
 * could type that the target tool serves and its neighbour does not, written from the target's
 * own description (the clause that carries the most of what the neighbour lacks, turned into
 * an imperative) plus values for its required parameters, and the parameters the request states.
 */

type JsonObject = Record<string, unknown>;

export type PairTool = { server: string; name: string; description: string; inputSchema?: JsonObject };

/** What separates the target from its neighbour: words and parameters only the target has. */
export type Evidence = { words: string[]; parameters: string[] };

export type RuleDraft = {
  /** Which tool of the pair the query is for. */
  target: 'a' | 'b';
  query: string;
  expectedParameters: Record<string, unknown>;
  rationale: string;
  evidence: Evidence;
};

/** Inverse document frequency of stems over the analysed tools: rare words weigh more. */
export type Idf = (stem: string) => number;

export function corpusIdf(texts: readonly string[]): Idf {
  const df = new Map<string, number>();
  for (const text of texts) for (const stem of new Set(tokenize(text))) df.set(stem, (df.get(stem) ?? 0) + 1);
  return (stem) => idfOf(df.get(stem) ?? 0, Math.max(texts.length, 1));
}

const toolText = (t: PairTool) => `${humanizeName(t.name)} ${t.description}`;

/** Stems of the target's name and description the neighbour never uses, heaviest first, as the words the target wrote. */
export function distinctiveWords(target: PairTool, other: PairTool, idf: Idf, limit = 6): string[] {
  const otherStems = new Set(tokenize(toolText(other)));
  const counts = new Map<string, number>();
  for (const stem of tokenize(toolText(target))) if (!otherStems.has(stem)) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  const surface = new Map<string, string>();
  for (const word of contentWords(toolText(target))) {
    const stem = stemWord(word);
    if (!surface.has(stem)) surface.set(stem, word);
  }
  return [...counts]
    .filter(([stem]) => surface.has(stem) && !/^[0-9]+$/.test(stem))
    .map(([stem, tf]) => ({ stem, weight: (1 + Math.log(tf)) * idf(stem) }))
    .sort((x, y) => y.weight - x.weight)
    .slice(0, limit)
    .map((x) => surface.get(x.stem) ?? x.stem);
}

function propertyNames(t: PairTool): Set<string> {
  return new Set(schemaParameters(t.inputSchema).map((p) => p.name));
}

export function evidenceOf(target: PairTool, other: PairTool, idf: Idf): Evidence {
  const otherParams = propertyNames(other);
  return { words: distinctiveWords(target, other, idf), parameters: [...propertyNames(target)].filter((p) => !otherParams.has(p)) };
}

/** Second words that show the first is a verb even when the verb table does not know it ("Splits a document"). */
const AFTER_VERB = new Set(['a', 'an', 'the', 'all', 'one', 'every', 'each', 'any', 'some', 'your', 'my', 'its', 'their', 'new', 'existing', 'multiple', 'several', 'up', 'out', 'down', 'vector', 'text']);
/** Words a request cannot end on: the sentence would be a fragment ("Search files for."). */
const DANGLING = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'from', 'by', 'with', 'and', 'or', 'that', 'which', 'into', 'at', 'as', 'about', 'its', 'their', 'your', 'when', 'if', 'so', 'but', 'than', 'then', 'via', 'using']);
/** Clauses that talk about the tool or its caller rather than the job: "Use this when the user...". */
const META = /\b(?:you|user|users|llm|agent|assistant|model|this tool|the tool|this function|this endpoint)\b/i;
const MAX_WORDS = 16;

/** "Searches" -> "Search", "Queries" -> "Query", "Fetches" -> "Fetch"; null when the word reads as no verb. */
function imperativeOf(first: string, second: string | undefined): string | null {
  const lower = first.toLowerCase();
  const known = knownVerb(lower);
  if (known && !known.startsWith('un') && lower.startsWith(known.slice(0, 3))) return known;
  if (!second || !AFTER_VERB.has(second.toLowerCase()) || !/^[a-z]+$/.test(lower)) return null;
  if (lower.endsWith('ies') && lower.length > 4) return `${lower.slice(0, -3)}y`;
  if (/(?:ss|x|z|ch|sh)es$/.test(lower)) return lower.slice(0, -2);
  if (lower.endsWith('s') && !lower.endsWith('ss')) return lower.slice(0, -1);
  return lower;
}

/** Cuts a clause where a request would stop: a semicolon, a parenthesis, a dash, a colon, or too many words. */
function trimClause(clause: string): string {
  let text = clause.replace(/\([^)]*\)/g, ' ').split(/;|:|\s[-–—]\s|,\s(?:so|which|and then|then|unless|while|but)\s|,?\s(?:and\s)?returns?\s|,\s(?:and\s)?(?:gives|yields|outputs)\s/)[0] ?? '';
  // Description hedges a person does not say: "List todos, optionally filtered by ..." -> "List todos filtered by ...".
  text = text.replace(/,?\s*\b(?:optionally|also|additionally)\b,?/gi, '').replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim().replace(/[.,!?]+$/, '');
  let words = text.split(' ').slice(0, MAX_WORDS);
  // A cut inside a comma-separated list leaves "..., tags and"; end on a whole word that is not a connector.
  while (words.length > 2 && DANGLING.has((words.at(-1) ?? '').toLowerCase().replace(/,$/, ''))) words = words.slice(0, -1);
  words = words.map((w, i) => (i === words.length - 1 ? w.replace(/,$/, '') : w));
  return words.join(' ');
}

/** "Use this to X" / "Used to X" / "Allows you to X" lead-ins give way to X. */
function withoutLeadIn(sentence: string): string {
  return sentence.replace(/^(?:use (?:this|it)(?: tool)? to|used to|allows? (?:you |users |the user )?to|lets? (?:you|users) |helps? (?:you )?(?:to )?|this tool (?:will |can )?|tool (?:to|that|for) )\s*/i, '');
}

function sentencesOf(description: string): string[] {
  return description
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => withoutLeadIn(s.trim()))
    .filter((s) => s.length > 0);
}

/** An imperative request from one sentence of the description, or null if it does not start with a verb. */
export function requestFromSentence(sentence: string): string | null {
  if (META.test(sentence)) return null;
  const clause = trimClause(sentence);
  const [first, second, ...rest] = clause.split(' ');
  if (!first || !second) return null;
  const verb = imperativeOf(first.replace(/[^A-Za-z]/g, ''), second);
  if (!verb) return null;
  return [verb, second, ...rest].join(' ');
}

/** From the name when no sentence reads as a request: "delete_todo" -> "Delete the todo". */
function requestFromName(tool: PairTool): string {
  const action = parseToolAction(tool.name, tool.description);
  const object = action.object.join(' ');
  if (action.verb && !action.verb.startsWith('un') && object) return `${action.verb} the ${object}`;
  const first = trimClause(tool.description.split(/(?<=[.!?])\s+/)[0] ?? '');
  if (first) return `I need ${/^(?:a|an|the)\s/i.test(first) ? '' : 'the '}${first.charAt(0).toLowerCase()}${first.slice(1)}`;
  return `I need the ${humanizeName(tool.name).toLowerCase()}`;
}

/** The sentence carrying the most distinctive words (ties: the earliest), as a request. */
function bestRequest(tool: PairTool, distinctive: string[]): string {
  const stems = new Set(distinctive.map(stemWord));
  let best: { text: string; score: number } | null = null;
  for (const sentence of sentencesOf(tool.description)) {
    const text = requestFromSentence(sentence);
    if (!text) continue;
    const score = new Set(tokenize(text).filter((s) => stems.has(s))).size;
    if (!best || score > best.score) best = { text, score };
  }
  return best?.text ?? requestFromName(tool);
}

/** "with title X and with content Y" reads "with title X and content Y". */
function joinPhrases(phrases: string[]): string {
  const parts = phrases.map((p, i) => (i > 0 && p.startsWith('with ') && phrases[i - 1]?.startsWith('with ') ? p.slice(5) : p));
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Puts a value where the sentence already names its parameter: "in a directory" -> "in the
 * directory /var/log", "Split a document" (documentId) -> "Split the document doc-1".
 */
function placeValue(text: string, p: FilledParameter): string | null {
  if (typeof p.value !== 'string' && typeof p.value !== 'number') return null;
  const words = humanizeName(p.name).toLowerCase().split(' ');
  const heads = [words.join(' ')];
  if (words.length > 1 && /^(?:id|name|ids)$/.test(words.at(-1) ?? '')) heads.push(words.slice(0, -1).join(' '));
  const shown = typeof p.value === 'string' && /\s/.test(p.value) ? `"${p.value}"` : String(p.value);
  for (const head of heads) {
    const re = new RegExp(`\\b(?:a|an|the|one|some)\\s+((?:[a-z]+\\s){0,2}?)${escapeRe(head)}\\b(?!\\s*[-_])`, 'i');
    if (re.test(text)) return text.replace(re, (_m, middle: string) => `the ${middle}${head} ${shown}`);
  }
  return null;
}

/** The parameters a request states: required ones (at most 3), plus one the neighbour lacks when none of those is. */
function chooseParameters(target: PairTool, evidence: Evidence): FilledParameter[] {
  const params = schemaParameters(target.inputSchema);
  const chosen = params.filter((p) => p.required).slice(0, 3).map(fillParameter).filter((p): p is FilledParameter => p !== null);
  if (!chosen.some((c) => evidence.parameters.includes(c.name))) {
    // An enum value reads most naturally ("with priority high") and is the most certain to expect.
    const candidates = params.filter((p) => !p.required && evidence.parameters.includes(p.name));
    const ordered = [...candidates.filter((p) => Array.isArray(p.schema.enum)), ...candidates.filter((p) => !Array.isArray(p.schema.enum))];
    const extra = ordered.map(fillParameter).find((p) => p !== null);
    if (extra) chosen.push(extra);
  }
  return chosen;
}

export function finishSentence(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim().replace(/[\s,;:]+$/, '');
  const capital = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** One request for `target` against `other`, with the parameters it states. */
export function buildQuery(target: PairTool, other: PairTool, evidence: Evidence): { query: string; parameters: FilledParameter[] } {
  const request = bestRequest(target, evidence.words);
  const parameters = chooseParameters(target, evidence);
  // A value already in the sentence ("... in /var/log") is not stated twice.
  let text = request;
  const phrases: string[] = [];
  for (const p of parameters) {
    if (text.includes(String(p.value))) continue;
    const placed = placeValue(text, p);
    if (placed) text = placed;
    else phrases.push(p.phrase);
  }
  return { query: finishSentence(phrases.length ? `${text} ${joinPhrases(phrases)}` : text), parameters };
}

const id = (t: PairTool) => `${t.server}/${t.name}`;
const quoteList = (xs: string[]) => xs.map((x) => `"${x}"`).join(', ');

/**
 * Two drafts for a flagged pair, one per tool; a single one when the two descriptions use the
 * same words and parameters (then no query can separate them, and the rationale says so).
 */
export function proposeRuleDrafts(a: PairTool, b: PairTool, idf: Idf): RuleDraft[] {
  const ea = evidenceOf(a, b, idf);
  const eb = evidenceOf(b, a, idf);
  const drafts: RuleDraft[] = [];
  const indistinct = ea.words.length + ea.parameters.length + eb.words.length + eb.parameters.length === 0;
  for (const [target, tool, other, evidence] of [['a', a, b, ea], ['b', b, a, eb]] as const) {
    if (indistinct && target === 'b') break;
    const { query, parameters } = buildQuery(tool, other, evidence);
    const stated = parameters.length ? ` It states ${parameters.map((p) => p.name).join(', ')}${parameters.some((p) => evidence.parameters.includes(p.name)) ? `, which ${other.name} does not take` : ''}.` : '';
    const rationale = indistinct
      ? `${id(a)} and ${id(b)} cannot be told apart by description: they use the same words and parameters, so no query separates them. This case records which one models pick; rewrite one description to give it something the other lacks.`
      : evidence.words.length
        ? `Asks for what only ${tool.name} describes (${quoteList(evidence.words.slice(0, 4))}); ${other.name}'s description never mentions them.${stated}`
        : evidence.parameters.length
          ? `Everything ${tool.name} says, ${other.name} says too; the query leans on its parameters instead.${stated}`
          : `Everything ${tool.name} says and takes, ${other.name} says and takes too, so no query can ask for ${tool.name} alone: this case records which one models pick for its plain request. Give ${tool.name}'s description what sets it apart from ${other.name}.${stated}`;
    drafts.push({ target, query, expectedParameters: Object.fromEntries(parameters.map((p) => [p.name, p.expected])), rationale, evidence });
  }
  return drafts;
}
