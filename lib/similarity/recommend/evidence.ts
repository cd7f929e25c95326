import { humanizeName, tokenize } from '@/lib/text/tokenize';
import { idfOf, termWeight } from '@/lib/text/tfidf';
import { normalizeParameterName } from '../parameter-overlap';
import type { TfIdfIndex } from '../tfidf-matrix';
import type { SimilarityParameter, SimilarityTool } from '../types';
import { actionClassOf, parseToolAction, relateActions, sharedNamePrefix, type ActionRelation, type ToolAction } from './actions';
import type { ServerBoilerplate } from '@/lib/text/boilerplate';
import { normalizeSpan, sharedSpan, type SharedSpan } from './shared-span';
import { isQuotable, surfaceWords } from './words';

/**
 * What the analysis can show about one flagged pair, seen from one of its tools: the passage
 * both descriptions share, the words, parameters and outputs that tell the two apart (or the
 * fact that nothing does), whether they are the same action with the same inputs (merge them),
 * and whether they differ only by an object their names leave out. The rules word their advice
 * from this and nothing else, so every sentence can point at something in the definitions.
 */

export type ParameterRef = { name: string; type: string | null; required: boolean };

export type PairEvidence = {
  sameServer: boolean;
  /** The passage both descriptions share word for word (6+ words), as this tool spells it. */
  span: SharedSpan | null;
  /** Words only this tool's name and description use (span removed), most telling first. */
  ownWords: string[];
  /** Words only the other tool uses. */
  otherWords: string[];
  /** Parameters by normalised name: only here, only there, and the shared ones that differ. */
  parameters: {
    shared: string[];
    own: ParameterRef[];
    other: ParameterRef[];
    typeDiffers: { name: string; own: string; other: string }[];
    /** Shared parameters required by exactly one of the two: `requiredHere` says which. */
    requiredDiffers: { name: string; requiredHere: boolean }[];
    /** Shared parameters with no description in this tool. */
    undescribed: string[];
    /** Both take exactly the same parameter names (and agree on the types they state). */
    same: boolean;
  };
  /** Output fields only one side declares, when either tool has an outputSchema. */
  outputs: { own: string[]; other: string[] } | null;
  action: { own: ToolAction; other: ToolAction; relation: ActionRelation };
  /** The same verb or a synonym (get/fetch, search/find/list). */
  sameAction: boolean;
  /** Object words both names state (lowercase), e.g. ["entities"] for create_entities/delete_entities. */
  sharedObject: string[];
  /** The same action (or a synonym) on overlapping objects, with the same parameters and outputs: one tool would do. */
  duplicate: boolean;
  /**
   * The names state the same object (or none) while the descriptions say what differs: the
   * noun each description adds, to put in the name. Null when the names already differ.
   */
  unstatedObject: { own: string | null; other: string | null } | null;
  /** No word, parameter or output field tells the two apart. */
  nothingTellsApart: boolean;
};

/** Tools as the evidence reads them (`outputSchema` is compared when the input carried one). */
export type EvidenceTool = SimilarityTool;

const WORDS = 4;

type ServerFacts = { prefix: string | null; descriptions: string[]; boilerplate: ServerBoilerplate[] };

/** Per-request facts the evidence of many pairs shares: built once, read per pair. */
export type EvidenceContext = {
  tools: readonly EvidenceTool[];
  server(name: string): ServerFacts;
  action(i: number): ToolAction;
  df(stem: string): number;
  documents: number;
};

export function createEvidenceContext(tools: readonly EvidenceTool[], index: TfIdfIndex | null, boilerplate: readonly ServerBoilerplate[] = []): EvidenceContext {
  const byServer = new Map<string, EvidenceTool[]>();
  for (const t of tools) {
    const list = byServer.get(t.server);
    if (list) list.push(t);
    else byServer.set(t.server, [t]);
  }
  const servers = new Map<string, ServerFacts>();
  const server = (name: string): ServerFacts => {
    let facts = servers.get(name);
    if (!facts) {
      const members = byServer.get(name) ?? [];
      facts = {
        prefix: sharedNamePrefix(members.map((t) => t.name)),
        descriptions: members.map((t) => normalizeSpan(t.description)),
        boilerplate: boilerplate.filter((b) => b.server === name),
      };
      servers.set(name, facts);
    }
    return facts;
  };
  const actions = new Map<number, ToolAction>();
  const action = (i: number): ToolAction => {
    let parsed = actions.get(i);
    if (!parsed) {
      const tool = tools[i]!;
      actions.set(i, (parsed = parseToolAction(tool.name, tool.description, server(tool.server).prefix)));
    }
    return parsed;
  };
  let termIds: Map<string, number> | null = null;
  const df = (stem: string): number => {
    if (!index) return 1;
    termIds ??= new Map(index.terms.map((t, id) => [t, id]));
    const id = termIds.get(stem);
    return id === undefined ? 0 : (index.postings[id]?.docs.length ?? 0);
  };
  return { tools, server, action, df, documents: index ? index.vectors.length : 2 };
}

function withoutSpan(text: string, span: SharedSpan | null): string {
  return span ? text.split(span.text).join(' ') : text;
}

/** Stems of `mine` that `theirs` lacks, weighed by TF-IDF over the request's tools, as words `mine` spells. */
function distinctiveWords(mine: string, theirs: string, context: EvidenceContext): string[] {
  const counts = new Map<string, number>();
  for (const stem of tokenize(mine)) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  const other = new Set(tokenize(theirs));
  const surface = surfaceWords(mine);
  return [...counts]
    .filter(([stem]) => !other.has(stem) && surface.has(stem))
    .map(([stem, tf]) => ({ word: surface.get(stem)!, weight: termWeight(tf, idfOf(context.df(stem), context.documents)) }))
    .filter((w) => isQuotable(w.word))
    .sort((x, y) => y.weight - x.weight || x.word.localeCompare(y.word))
    .slice(0, WORDS)
    .map((w) => w.word);
}

function paramMap(params: readonly SimilarityParameter[]): Map<string, SimilarityParameter> {
  return new Map(params.map((p) => [normalizeParameterName(p.name), p]));
}

const ref = (p: SimilarityParameter): ParameterRef => ({ name: p.name, type: p.type, required: p.required });

function compareParameters(tool: SimilarityTool, other: SimilarityTool): PairEvidence['parameters'] {
  const mine = paramMap(tool.parameters);
  const theirs = paramMap(other.parameters);
  const shared: string[] = [];
  const typeDiffers: PairEvidence['parameters']['typeDiffers'] = [];
  const requiredDiffers: PairEvidence['parameters']['requiredDiffers'] = [];
  const undescribed: string[] = [];
  for (const [key, p] of mine) {
    const q = theirs.get(key);
    if (!q) continue;
    shared.push(p.name);
    if (p.type && q.type && p.type !== q.type) typeDiffers.push({ name: p.name, own: p.type, other: q.type });
    if (p.required !== q.required) requiredDiffers.push({ name: p.name, requiredHere: p.required });
    if (!p.description.trim()) undescribed.push(p.name);
  }
  const own = [...mine].filter(([k]) => !theirs.has(k)).map(([, p]) => ref(p));
  const otherOnly = [...theirs].filter(([k]) => !mine.has(k)).map(([, p]) => ref(p));
  return { shared, own, other: otherOnly, typeDiffers, requiredDiffers, undescribed, same: own.length === 0 && otherOnly.length === 0 && typeDiffers.length === 0 };
}

function outputFields(tool: EvidenceTool): Set<string> | null {
  const schema = tool.outputSchema;
  if (!schema || typeof schema !== 'object') return null;
  const props = schema.properties;
  return new Set(props && typeof props === 'object' && !Array.isArray(props) ? Object.keys(props) : []);
}

function compareOutputs(tool: EvidenceTool, other: EvidenceTool): PairEvidence['outputs'] {
  const mine = outputFields(tool);
  const theirs = outputFields(other);
  if (!mine && !theirs) return null;
  return { own: [...(mine ?? [])].filter((f) => !theirs?.has(f)), other: [...(theirs ?? [])].filter((f) => !mine?.has(f)) };
}

/** A word fit to name an object: not a verb, not a participle or adverb. */
function isObjectNoun(word: string): boolean {
  return !actionClassOf(word) && !/(ing|ed|ly)$/.test(word) && /^[a-z][a-z0-9]{2,}$/.test(word);
}

/** The first distinctive noun the description's first sentence uses: what the tool says it works on. */
function objectNoun(words: readonly string[], description: string): string | null {
  const first = new Set(tokenize(description.split(/(?<=[.!?])\s/)[0] ?? ''));
  return words.find((w) => isObjectNoun(w) && tokenize(w).every((s) => first.has(s))) ?? null;
}

function objectsMeet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  const sb = new Set(tokenize(b.join(' ')));
  return tokenize(a.join(' ')).some((w) => sb.has(w));
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(tokenize(a.join(' ')));
  const sb = new Set(tokenize(b.join(' ')));
  return sa.size === sb.size && [...sa].every((w) => sb.has(w));
}

/** Evidence of the pair (i, j) seen from tool i. */
export function pairEvidence(context: EvidenceContext, i: number, j: number): PairEvidence {
  const tool = context.tools[i]!;
  const other = context.tools[j]!;
  const sameServer = tool.server === other.server;
  const span = sharedSpan(tool.description, other.description, sameServer ? { serverDescriptions: context.server(tool.server).descriptions, boilerplate: context.server(tool.server).boilerplate } : null);
  const otherSpan = span ? sharedSpan(other.description, tool.description, null) : null;
  const mine = `${humanizeName(tool.name)}. ${withoutSpan(tool.description, span)}`;
  const theirs = `${humanizeName(other.name)}. ${withoutSpan(other.description, otherSpan && otherSpan.words === span?.words ? otherSpan : null)}`;
  // Candidates come from the text without the shared passage; a word is the other's too if its whole text has it.
  const ownWords = distinctiveWords(mine, `${humanizeName(other.name)}. ${other.description}`, context);
  const otherWords = distinctiveWords(theirs, `${humanizeName(tool.name)}. ${tool.description}`, context);
  const parameters = compareParameters(tool, other);
  const outputs = compareOutputs(tool, other);
  const own = context.action(i);
  const theirAction = context.action(j);
  const relation = relateActions(own.verb, theirAction.verb);
  const theirObject = new Set(tokenize(theirAction.object.join(' ')));
  const sharedObject = own.object.filter((w) => tokenize(w).every((s) => theirObject.has(s)));
  const identicalNames = tool.name.toLowerCase() === other.name.toLowerCase();
  const sameAction = relation === 'same' || relation === 'synonym' || (identicalNames && relation === 'unknown');
  // The same inputs on different objects are not one tool (search_contacts, search_deals; get_status, get_version):
  // the names' objects must share a word, or one name state none (read_file, read_text_file).
  const outputsDiffer = Boolean(outputs && (outputs.own.length || outputs.other.length));
  const duplicate = sameAction && parameters.same && !outputsDiffer && objectsMeet(own.object, theirAction.object);
  // Names that say the same thing: the same action on the same object (or on none), or the very same name.
  // Synonyms already differ by name (list_todos, search_todos): only the very same verb leaves the object to tell them apart.
  const namesAlike = identicalNames || ((relation === 'same' || relation === 'unknown') && own.verb === theirAction.verb && sameWords(own.object, theirAction.object));
  const ownNoun = objectNoun(ownWords, tool.description);
  const otherNoun = objectNoun(otherWords, other.description);
  const unstatedObject = namesAlike && (ownNoun || otherNoun) ? { own: ownNoun, other: otherNoun } : null;
  const paramsDiffer = !parameters.same || parameters.requiredDiffers.length > 0;
  return {
    sameServer,
    span,
    ownWords,
    otherWords,
    parameters,
    outputs,
    action: { own, other: theirAction, relation },
    sameAction,
    sharedObject,
    duplicate,
    unstatedObject,
    nothingTellsApart: ownWords.length === 0 && otherWords.length === 0 && !paramsDiffer && !outputsDiffer,
  };
}
