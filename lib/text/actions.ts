import { humanizeName } from './tokenize';

/**
 * A tool is an action on an object: "delete_todo" deletes a todo, "Get DAG Details" retrieves a
 * DAG. This file reads the action (a verb) and the object words of a tool, and says how two
 * actions relate. The table is general English as APIs use it, not fitted to a data set:
 *
 * - classes of synonyms: verbs that ask for the same job (get/fetch/read/retrieve, ...);
 * - related classes: jobs that overlap in practice (retrieving one thing vs listing or
 *   searching many; creating vs updating, which upserts blur);
 * - opposites: jobs that undo each other (create/delete, start/stop, open/close, ...), plus
 *   the morphological rule un-/de-/dis-/re-less pairs (ban/unban, register/deregister,
 *   connect/disconnect, ...);
 * - any other two known verbs are different actions (send vs forward, move vs copy).
 * A verb outside the table leaves the relation unknown, and the similarity is not adjusted.
 */

export type ActionRelation = 'same' | 'synonym' | 'related' | 'opposite' | 'different' | 'unknown';

/** Verb -> class. A verb in no class but in STANDALONE_VERBS is a class of its own. */
const CLASSES: Record<string, readonly string[]> = {
  retrieve: ['get', 'fetch', 'read', 'retrieve', 'load', 'show', 'view', 'describe', 'lookup', 'inspect', 'display', 'info', 'see', 'check', 'peek', 'open'],
  search: ['search', 'find', 'query', 'filter', 'list', 'browse', 'discover', 'explore', 'enumerate', 'match', 'grep', 'scan', 'locate'],
  create: ['create', 'add', 'new', 'insert', 'make', 'post', 'register', 'append', 'store', 'generate', 'build', 'init', 'initialize', 'provision', 'ingest'],
  update: ['update', 'edit', 'modify', 'patch', 'apply', 'set', 'change', 'put', 'replace', 'write', 'upsert', 'configure', 'save', 'alter', 'amend', 'rename', 'overwrite', 'manage'],
  delete: ['delete', 'remove', 'drop', 'destroy', 'clear', 'purge', 'erase', 'revoke', 'withdraw', 'discard', 'truncate', 'reset', 'close'],
  start: ['start', 'run', 'launch', 'execute', 'begin', 'trigger', 'resume', 'invoke', 'exec', 'play', 'fire', 'rerun', 'restart'],
  stop: ['stop', 'abort', 'cancel', 'halt', 'kill', 'terminate', 'pause', 'end', 'interrupt'],
  analyze: ['analyze', 'analyse', 'explain', 'evaluate', 'assess', 'profile', 'diagnose', 'audit'],
  compare: ['compare', 'diff'],
  move: ['move', 'transfer', 'relocate'],
  copy: ['copy', 'duplicate', 'clone', 'fork'],
  send: ['send', 'notify', 'publish', 'broadcast', 'emit'],
  reply: ['reply', 'respond', 'answer', 'comment'],
};

/** Verbs that are actions of their own (no synonyms in the table); used for opposites and the "different" relation. */
const STANDALONE_VERBS = [
  'forward', 'ban', 'block', 'mute', 'pin', 'archive', 'follow', 'subscribe', 'connect', 'lock', 'install', 'import', 'export',
  'upload', 'download', 'push', 'pull', 'promote', 'demote', 'suspend', 'activate', 'assign', 'attach', 'merge', 'approve',
  'reject', 'resolve', 'validate', 'test', 'summarize', 'translate', 'convert', 'render', 'navigate', 'click', 'scroll',
  'screenshot', 'resize', 'encrypt', 'decrypt', 'sign', 'verify', 'login', 'logout', 'invite', 'join', 'leave', 'enable', 'disable',
  'show', 'hide', 'expand', 'collapse', 'share', 'sync', 'deploy', 'rollback', 'revert', 'undo', 'redo',
  'zoom', 'count', 'aggregate', 'extract', 'parse', 'sort', 'transcribe', 'calculate', 'compute', 'ping',
  'wait', 'schedule', 'complete', 'finish', 'crawl', 'scrape', 'embed', 'rerank', 'watch',
  'monitor', 'track', 'predict', 'solve', 'optimize', 'think', 'review', 'transition',
];

/** Classes that overlap in practice: no adjustment up or down between them. */
const RELATED_CLASSES: readonly [string, string][] = [
  ['retrieve', 'search'],
  ['create', 'update'],
  ['retrieve', 'analyze'],
  ['start', 'create'],
];

/** Classes or verbs that undo each other. Class pairs first, then verb pairs the prefix rule does not catch. */
const OPPOSITES: readonly [string, string][] = [
  ['create', 'delete'],
  ['start', 'stop'],
  ['add', 'remove'],
  ['open', 'close'],
  ['enable', 'disable'],
  ['show', 'hide'],
  ['import', 'export'],
  ['upload', 'download'],
  ['push', 'pull'],
  ['promote', 'demote'],
  ['attach', 'detach'],
  ['encrypt', 'decrypt'],
  ['login', 'logout'],
  ['expand', 'collapse'],
  ['approve', 'reject'],
  ['join', 'leave'],
  ['load', 'save'],
  ['read', 'write'],
  ['get', 'set'],
  ['lock', 'unlock'],
  ['follow', 'unfollow'],
  ['install', 'uninstall'],
  ['subscribe', 'unsubscribe'],
  ['connect', 'disconnect'],
  ['assign', 'unassign'],
  ['activate', 'deactivate'],
  ['register', 'deregister'],
  ['register', 'unregister'],
  ['deploy', 'rollback'],
  ['pause', 'resume'],
  ['start', 'end'],
];

const NEGATING_PREFIXES = ['un', 'de', 'dis'];

const VERB_CLASS = new Map<string, string>();
for (const [cls, verbs] of Object.entries(CLASSES)) for (const verb of verbs) if (!VERB_CLASS.has(verb)) VERB_CLASS.set(verb, cls);
for (const verb of STANDALONE_VERBS) if (!VERB_CLASS.has(verb)) VERB_CLASS.set(verb, verb);

const pairKey = (x: string, y: string) => (x < y ? `${x}|${y}` : `${y}|${x}`);
const RELATED = new Set(RELATED_CLASSES.map(([x, y]) => pairKey(x, y)));
const OPPOSITE = new Set(OPPOSITES.map(([x, y]) => pairKey(x, y)));

/** "unbanning" is not needed: names and first verbs are base or third-person forms ("Gets", "Lists", "Creates"). */
function baseForm(word: string): string {
  const w = word.toLowerCase();
  if (VERB_CLASS.has(w)) return w;
  if (w.length > 4 && w.endsWith('ies') && VERB_CLASS.has(`${w.slice(0, -3)}y`)) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('es') && VERB_CLASS.has(w.slice(0, -2))) return w.slice(0, -2);
  if (w.length > 2 && w.endsWith('s') && VERB_CLASS.has(w.slice(0, -1))) return w.slice(0, -1);
  return w;
}

/** A known verb (base form), including un-/de-/dis- forms of one: "unban", "deregister", "disconnect". */
export function knownVerb(word: string): string | null {
  const w = baseForm(word);
  if (VERB_CLASS.has(w)) return w;
  for (const prefix of NEGATING_PREFIXES) {
    if (w.startsWith(prefix) && w.length > prefix.length + 2) {
      const rest = baseForm(w.slice(prefix.length));
      if (VERB_CLASS.has(rest)) return `${prefix}${rest}`;
    }
  }
  return null;
}

/** The class a verb belongs to; a negated verb ("unpublish") is a class of its own. */
export function actionClass(verb: string): string {
  return VERB_CLASS.get(verb) ?? verb;
}

function negationOf(x: string, y: string): boolean {
  return NEGATING_PREFIXES.some((p) => x === `${p}${y}` || y === `${p}${x}`);
}

export function relateActions(x: string | null, y: string | null): ActionRelation {
  if (!x || !y) return 'unknown';
  if (x === y) return 'same';
  if (negationOf(x, y) || OPPOSITE.has(pairKey(x, y))) return 'opposite';
  const cx = actionClass(x);
  const cy = actionClass(y);
  if (OPPOSITE.has(pairKey(cx, cy))) return 'opposite';
  if (cx === cy) return 'synonym';
  if (RELATED.has(pairKey(cx, cy))) return 'related';
  return 'different';
}

/** Words that carry no object: articles, prepositions, and the filler of names ("tool", "mcp"). */
const NOT_OBJECT = new Set([
  'a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'from', 'by', 'with', 'and', 'or', 'all', 'one', 'any', 'some', 'this', 'that',
  'your', 'my', 'its', 'their', 'new', 'existing', 'specific', 'specified', 'given', 'single', 'multiple', 'details', 'detail', 'info',
  'information', 'tool', 'mcp', 'api', 'using', 'into', 'at', 'as', 'about', 'it', 'them', 'current',
]);

/** "records" and "record" name the same object. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

export type ToolAction = {
  /** The verb in base form, or null when neither the name nor the description starts with a known verb. */
  verb: string | null;
  /** Object words (singular), from the name without its verb; from the description's first clause if the name has none. */
  object: string[];
  /** Name words before the verb ("jira" in jira_search): a product prefix when many tools of the server share it. */
  prefix: string[];
};

const words = (text: string) => (humanizeName(text).toLowerCase().match(/[a-z0-9]+/g) ?? []);

/**
 * The first known verb of the name, scanning past product prefixes ("jira_search",
 * "atlas-list-orgs", "pods_list"); otherwise the description's first word ("Looks up ...",
 * "Retrieves ..."). Object words come from the rest of the name, or the description's first
 * clause after its verb when the name is the verb alone ("search", "query").
 */
export function parseToolAction(name: string, description: string): ToolAction {
  const nameWords = words(name);
  let verbAt = nameWords.findIndex((w) => knownVerb(w) !== null);
  let verb = verbAt >= 0 ? knownVerb(nameWords[verbAt]!) : null;
  // Only the opening matters: a long description is not split whole.
  const firstClause = words(description.slice(0, 200).split(/[.;:\n(]/)[0] ?? '').slice(0, 12);
  if (!verb) {
    const first = firstClause[0];
    verb = first ? knownVerb(first) : null;
    verbAt = -1;
  }
  const nameObject = nameWords.filter((w, i) => i !== verbAt && !NOT_OBJECT.has(w) && knownVerb(w) === null);
  const source = nameObject.length > 0 ? nameObject : firstClause.slice(1).filter((w) => !NOT_OBJECT.has(w) && knownVerb(w) === null).slice(0, 3);
  return { verb, object: [...new Set(source.map(singular))], prefix: verbAt > 0 ? nameWords.slice(0, verbAt).map(singular) : [] };
}

/**
 * Drops from each object the words most of one server's tool names start with (rag_search,
 * rag_answer_question; remote_macos_get_screen, remote_macos_mouse_click): a product name,
 * not an object. Only a leading run counts: create_todo and delete_todo keep "todo".
 */
export function withoutProductPrefixes(actions: readonly ToolAction[], names: readonly string[], servers: readonly string[], minShare = 0.8, minTools = 3): ToolAction[] {
  const byServer = new Map<string, number[]>();
  servers.forEach((server, i) => byServer.set(server, [...(byServer.get(server) ?? []), i]));
  const out = [...actions];
  for (const [server, indices] of byServer) {
    const split = indices.map((i) => words(names[i] ?? ''));
    // A name that starts with the server's own name (rag_search on "rag", linear_create_issue on
    // "Linear") names the product, whatever the other tools are: a pair alone reads the same.
    const serverWords = new Set(words(server).map(singular));
    indices.forEach((i, k) => {
      const first = split[k]![0];
      if (first && split[k]!.length > 1 && serverWords.has(singular(first)) && knownVerb(first) === null) {
        out[i] = { ...out[i]!, object: out[i]!.object.filter((w) => w !== singular(first)) };
      }
    });
    if (indices.length < minTools) continue;
    const common = new Set<string>();
    for (let position = 0; position < 3; position++) {
      const counts = new Map<string, number>();
      for (const w of split) if (w.length > position + 1) counts.set(w[position]!, (counts.get(w[position]!) ?? 0) + 1);
      const [word, count] = [...counts].sort((x, y) => y[1] - x[1])[0] ?? ['', 0];
      if (count < Math.ceil(indices.length * minShare) || knownVerb(word) !== null) break;
      common.add(singular(word));
    }
    if (common.size === 0) continue;
    for (const i of indices) out[i] = { ...out[i]!, object: out[i]!.object.filter((w) => !common.has(w)) };
  }
  return out;
}

/** Share of object words two tools have in common (Jaccard); 0 when either names none. */
export function objectOverlap(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.includes(w)) shared++;
  return shared / (a.length + b.length - shared);
}
