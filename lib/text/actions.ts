import { humanizeName } from './tokenize';

/**
 * A tool is an action on an object: "delete_todo" deletes a todo, "Get DAG Details" retrieves a
 * DAG. This file reads the action (a verb) and the object words of a tool, and says how two
 * actions relate. The table is general English as APIs use it, not fitted to a data set:
 *
 * - classes of synonyms: verbs that ask for the same job (get/fetch/read/retrieve, ...);
 * - modes: a class either reads (retrieve, search, analyze, export, ...) or changes things
 *   (create, update, delete, start, send, grant, ...). Two reading classes on one object are
 *   related jobs (get vs list vs describe); a reading and a changing class are different jobs
 *   (list vs create, get vs update), as are two unrelated changing classes (create vs update);
 * - related classes: changing jobs that overlap in practice (creating vs starting a run,
 *   cancelling vs deleting a job, an upsert vs a create or an update);
 * - opposites: jobs that undo each other (create/delete, start/stop, deposit/withdraw, ...),
 *   plus the morphological rule un-/de-/dis-less pairs (ban/unban, register/deregister,
 *   connect/disconnect, ...); re-<verb> is the verb again (rerun, restake);
 * - any other two verbs are different actions (send vs forward, move vs copy).
 * The action is the name's verb, else the description's first verb (past "This tool", "Allows
 * you to"), else a name word the description opens with ("Deposits ..." on depositIntoVault):
 * a verb the table does not know is still a verb when the text says so. With no action the
 * relation is unknown, and the similarity is not adjusted.
 */

export type ActionRelation = 'same' | 'synonym' | 'related' | 'opposite' | 'different' | 'unknown';

/** Verb -> class. A verb in no class but in STANDALONE_VERBS is a class of its own. */
const CLASSES: Record<string, readonly string[]> = {
  retrieve: ['get', 'fetch', 'read', 'retrieve', 'load', 'show', 'view', 'describe', 'lookup', 'inspect', 'display', 'info', 'see', 'check', 'peek', 'open', 'obtain', 'return', 'print', 'access'],
  search: ['search', 'find', 'query', 'filter', 'list', 'browse', 'discover', 'explore', 'enumerate', 'match', 'grep', 'scan', 'locate', 'seek'],
  create: ['create', 'add', 'new', 'insert', 'make', 'post', 'register', 'append', 'generate', 'build', 'init', 'initialize', 'provision', 'ingest', 'draft', 'compose'],
  update: ['update', 'edit', 'modify', 'patch', 'apply', 'set', 'change', 'replace', 'configure', 'alter', 'amend', 'rename', 'overwrite', 'manage', 'adjust', 'tweak'],
  upsert: ['upsert', 'save', 'store', 'put', 'write', 'persist'],
  delete: ['delete', 'remove', 'drop', 'destroy', 'clear', 'purge', 'erase', 'discard', 'truncate', 'reset', 'close', 'unset', 'wipe'],
  start: ['start', 'run', 'launch', 'execute', 'begin', 'trigger', 'resume', 'invoke', 'exec', 'play', 'fire', 'rerun', 'restart', 'spawn', 'dispatch'],
  stop: ['stop', 'abort', 'cancel', 'halt', 'kill', 'terminate', 'pause', 'end', 'interrupt', 'shutdown'],
  analyze: ['analyze', 'analyse', 'explain', 'evaluate', 'assess', 'profile', 'diagnose', 'audit', 'examine', 'review'],
  compare: ['compare', 'diff'],
  count: ['count', 'aggregate', 'tally', 'measure'],
  move: ['move', 'transfer', 'relocate'],
  copy: ['copy', 'duplicate', 'clone', 'fork'],
  send: ['send', 'notify', 'publish', 'broadcast', 'emit'],
  reply: ['reply', 'respond', 'answer', 'comment'],
  export: ['export', 'download', 'dump', 'backup'],
  import: ['import', 'upload', 'restore'],
  grant: ['grant', 'allow', 'authorize', 'permit'],
  revoke: ['revoke', 'deny', 'forbid', 'unauthorize'],
  deposit: ['deposit', 'stake', 'lend'],
  withdraw: ['withdraw', 'unstake', 'redeem', 'borrow'],
  approve: ['approve', 'accept', 'confirm'],
  reject: ['reject', 'decline', 'refuse', 'dismiss'],
  watch: ['watch', 'monitor', 'track', 'observe', 'poll', 'tail'],
  point: ['click', 'tap', 'press', 'hover', 'focus'],
  capture: ['capture', 'take', 'snapshot', 'screenshot', 'snap'],
};

/** Verbs that are actions of their own (no synonyms in the table); used for opposites and the "different" relation. */
const STANDALONE_VERBS = [
  'forward', 'ban', 'block', 'mute', 'pin', 'archive', 'follow', 'subscribe', 'connect', 'lock', 'install',
  'push', 'pull', 'promote', 'demote', 'suspend', 'activate', 'assign', 'attach', 'detach', 'merge',
  'resolve', 'validate', 'test', 'summarize', 'translate', 'convert', 'render', 'navigate', 'scroll',
  'resize', 'encrypt', 'decrypt', 'sign', 'verify', 'login', 'logout', 'invite', 'join', 'leave', 'enable', 'disable',
  'hide', 'expand', 'collapse', 'share', 'sync', 'deploy', 'rollback', 'revert', 'undo', 'redo',
  'zoom', 'extract', 'parse', 'sort', 'transcribe', 'calculate', 'compute', 'ping',
  'wait', 'schedule', 'complete', 'finish', 'finalize', 'crawl', 'scrape', 'embed', 'rerank',
  'predict', 'solve', 'optimize', 'think', 'transition', 'star', 'like', 'vote', 'mark', 'tag', 'label',
  'increase', 'decrease', 'increment', 'decrement', 'mount', 'fill', 'select', 'type', 'drag', 'commit', 'checkout',
  'request', 'refund', 'charge', 'pay', 'buy', 'sell', 'trade', 'swap', 'freeze', 'thaw', 'snooze', 'bookmark', 'link',
  'compress', 'decompress', 'encode', 'decode', 'format', 'lint', 'index', 'reindex', 'refresh', 'reload', 'retry', 'ask',
];

/** Classes (or standalone verbs) that only read: two of them on one object are related jobs; every other class changes things. */
const READING = new Set([
  'retrieve', 'search', 'analyze', 'compare', 'count', 'export', 'watch', 'summarize', 'extract', 'capture', 'ping',
  'crawl', 'scrape', 'validate', 'verify', 'test', 'predict', 'translate', 'convert', 'render', 'transcribe', 'calculate', 'compute',
]);

/** Classes that end or take away: deleting, stopping, revoking, rejecting (and un-/de-/dis- verbs, which undo). */
const DESTRUCTIVE = new Set(['delete', 'stop', 'revoke', 'reject']);

/** Classes that overlap in practice: no adjustment up or down between them. */
const RELATED_CLASSES: readonly [string, string][] = [
  ['start', 'create'],
  ['stop', 'delete'],
  ['upsert', 'create'],
  ['upsert', 'update'],
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
  ['grant', 'revoke'],
  ['deposit', 'withdraw'],
  ['approve', 'reject'],
  ['increase', 'decrease'],
  ['increment', 'decrement'],
  ['freeze', 'thaw'],
  ['compress', 'decompress'],
  ['encode', 'decode'],
  ['buy', 'sell'],
  ['archive', 'restore'],
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

const KNOWN = new Map<string, string | null>();

/** A known verb (base form), including un-/de-/dis- forms of one: "unban", "deregister", "disconnect". */
export function knownVerb(word: string): string | null {
  let known = KNOWN.get(word);
  if (known === undefined) {
    known = readVerb(word);
    // Words repeat across thousands of tools; the table is fixed, so the answer can be kept (bounded).
    if (KNOWN.size < 50_000) KNOWN.set(word, known);
  }
  return known;
}

function readVerb(word: string): string | null {
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

const CLOSENESS: readonly ActionRelation[] = ['same', 'synonym', 'related', 'different', 'opposite'];

/** A verb of its own that is another verb done again: rerun, restake, reindex (not "remove", "reset": known verbs). */
function repeatOf(x: string, y: string): boolean {
  return (x === `re${y}` && !VERB_CLASS.has(x)) || (y === `re${x}` && !VERB_CLASS.has(y));
}

function relateOne(x: string, y: string): ActionRelation {
  if (x === y) return 'same';
  if (negationOf(x, y) || OPPOSITE.has(pairKey(x, y))) return 'opposite';
  if (repeatOf(x, y)) return 'synonym';
  const cx = actionClass(x);
  const cy = actionClass(y);
  if (OPPOSITE.has(pairKey(cx, cy))) return 'opposite';
  if (cx === cy) return 'synonym';
  if (RELATED.has(pairKey(cx, cy))) return 'related';
  // Two reading jobs on one object overlap (get vs list vs describe vs export); anything else,
  // a read against a change or two unrelated changes, is a different job.
  if (READING.has(cx) && READING.has(cy)) return 'related';
  return 'different';
}

/**
 * How two actions relate. An action may name alternatives ("get|create" for get_or_create_label):
 * the closest relation of any two counts, as a person reading the names would take it.
 */
export function relateActions(x: string | null, y: string | null): ActionRelation {
  if (!x || !y) return 'unknown';
  if (x === y) return 'same';
  let best = CLOSENESS.length - 1;
  for (const a of x.split('|')) for (const b of y.split('|')) best = Math.min(best, CLOSENESS.indexOf(relateOne(a, b)));
  return CLOSENESS[best]!;
}

/** Words that carry no object: articles, prepositions, and the filler of names ("tool", "mcp"). */
const NOT_OBJECT = new Set([
  'a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'from', 'by', 'with', 'and', 'or', 'all', 'one', 'any', 'some', 'this', 'that',
  'your', 'my', 'its', 'their', 'new', 'existing', 'specific', 'specified', 'given', 'single', 'multiple', 'details', 'detail', 'info',
  'information', 'tool', 'mcp', 'api', 'using', 'into', 'at', 'as', 'about', 'it', 'them', 'current', 'off',
]);

/** "records" and "record" name the same object. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is|as)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** What two object words are compared by: "aliases"/"alias" and "databases"/"database" meet (the trailing e goes). */
export function objectKey(word: string): string {
  const one = singular(word);
  return one.length > 3 && one.endsWith('e') ? one.slice(0, -1) : one;
}

export type ToolAction = {
  /** The verb in base form, or null when neither the name nor the description gives one. */
  verb: string | null;
  /** Verbs the name offers besides it ("create" in get_or_create_label). */
  alternatives: string[];
  /** Object words (singular), from the name without its verb; from the description's first clause if the name has none. */
  object: string[];
  /** Object words of the description's first clause: the object when the name's is only a product name. */
  described: string[];
  /** Set when the name names no object (search, puppeteer_click) and `object` is the description's. */
  objectFromDescription?: true;
  /** Name words before the verb ("jira" in jira_search): a product prefix when many tools of the server share it. */
  prefix: string[];
  /**
   * The object as a vector of word meaning (lib/similarity/object-vectors.ts), set by the analysis
   * when its model knows words; absent otherwise, and for a tool whose object words it does not know.
   */
  objectVector?: string;
};

/** "Patch Multiple DAGs" reads DAG, not "DA Gs": an acronym's plural s is dropped before splitting. */
const words = (text: string) => (humanizeName(text.replace(/([A-Z]{2,})s(?![a-z])/g, '$1')).toLowerCase().match(/[a-z0-9]+/g) ?? []);

/** Jobs every API has; among several verbs of one name they are the action ("charge_list" lists charges). */
const CORE_CLASSES = new Set(['retrieve', 'search', 'create', 'update', 'upsert', 'delete', 'start', 'stop']);

/**
 * Agent nouns that name a tool by its job (netlify-project-services-reader reads, a pdf_reader,
 * a web_scraper): in a name they are the verb they come from. Only the unambiguous ones: a
 * "browser", "manager", "editor" or "tracker" is usually the thing, not the job.
 */
const AGENT_NOUNS = new Map<string, string>([
  ['reader', 'read'], ['writer', 'write'], ['viewer', 'view'], ['fetcher', 'fetch'], ['getter', 'get'], ['setter', 'set'],
  ['loader', 'load'], ['finder', 'find'], ['searcher', 'search'], ['creator', 'create'], ['generator', 'generate'],
  ['updater', 'update'], ['modifier', 'modify'], ['uploader', 'upload'], ['downloader', 'download'], ['remover', 'remove'],
  ['deleter', 'delete'], ['runner', 'run'], ['launcher', 'launch'], ['executor', 'execute'], ['sender', 'send'],
  ['publisher', 'publish'], ['notifier', 'notify'], ['scanner', 'scan'], ['scraper', 'scrape'], ['crawler', 'crawl'],
  ['parser', 'parse'], ['converter', 'convert'], ['translator', 'translate'], ['validator', 'validate'], ['verifier', 'verify'],
  ['analyzer', 'analyze'], ['analyser', 'analyze'], ['inspector', 'inspect'], ['exporter', 'export'], ['importer', 'import'],
  ['installer', 'install'], ['deployer', 'deploy'], ['summarizer', 'summarize'], ['summariser', 'summarize'],
  ['transcriber', 'transcribe'], ['calculator', 'calculate'], ['formatter', 'format'], ['watcher', 'watch'],
]);

/**
 * A name's verb is in its base form ("list_network_requests" lists; "requests" there is a
 * noun, as "logs" and "updates" are): third-person forms are for descriptions ("Lists ...").
 */
function nameVerb(word: string): string | null {
  const verb = knownVerb(word);
  return verb === word ? verb : null;
}

/** Whether a description says `first second` as two adjacent words ("network request", "network requests"). */
function usesCompound(description: string, first: string, second: string): boolean {
  const text = words(description.slice(0, 400));
  const key = objectKey(second);
  for (let i = 0; i + 1 < text.length; i++) if (text[i] === first && objectKey(text[i + 1]!) === key) return true;
  return false;
}

/** Words a description may open with before its verb: "This tool retrieves", "Allows you to create", "Use this to search". */
const LEAD_IN = new Set([
  'this', 'tool', 'function', 'endpoint', 'command', 'method', 'a', 'an', 'the', 'mcp', 'api', 'allows', 'lets', 'helps', 'you', 'users',
  'to', 'can', 'will', 'used', 'use', 'uses', 'is', 'it', 'that', 'which', 'we', 'please', 'simply', 'quickly', 'easily',
]);

/** Words after which a name qualifies its object rather than naming it: get_task_by_id, list_runs_with_filter. */
const QUALIFIERS = new Set(['by', 'with', 'using', 'via']);
/** Words before "of" that hold the object rather than name it: get_list_of_tags, number_of_rows. */
const CONTAINERS = new Set(['list', 'set', 'number', 'count', 'all', 'details', 'detail', 'info', 'information']);

function objectWords(ws: readonly string[]): string[] {
  let kept = [...ws];
  const cut = kept.findIndex((w) => QUALIFIERS.has(w));
  if (cut > 0) kept = kept.slice(0, cut);
  const of = kept.indexOf('of');
  if (of > 0 && kept.slice(0, of).every((w) => CONTAINERS.has(w))) kept = kept.slice(of + 1);
  return [...new Set(kept.map(singular).filter((w) => !NOT_OBJECT.has(w)))];
}

const DETERMINERS = new Set(['a', 'an', 'the', 'all', 'one', 'your', 'specific', 'multiple', 'new', 'existing']);

/**
 * Whether a description opening with `first` (then `next`) uses the name word `word` as a verb:
 * in the third person ("Deposits tokens", "Queries ...") or before a determiner ("Grant a role").
 * "Weather forecast for a city" on weather_forecast is a noun, not an action.
 */
function opensWithVerb(first: string, next: string | undefined, word: string): boolean {
  if (first === `${word}s` || first === `${word}es` || (word.endsWith('y') && first === `${word.slice(0, -1)}ies`)) return true;
  return first === word && next !== undefined && DETERMINERS.has(next);
}

/**
 * The action: among the name's known verbs (base forms, or agent nouns such as "reader") the
 * first of a core job (get, list, create, ...), a verb before an agent noun, else its first
 * known verb, scanning past product prefixes ("jira_search", "atlas-list-orgs")
 * and reading verb-last names ("pods_list", "customer_create"); otherwise the description's
 * first verb past a lead-in ("Looks up ...", "This tool retrieves ..."); otherwise a name word
 * the description opens with ("Deposits tokens" on depositIntoDriftVault): a verb the table
 * does not know. A name that ends in a verb outside the core jobs after a noun
 * ("browser_network_request") takes the description's opening verb when it has another
 * ("Returns full details ...") and says the two words as a compound ("a single network
 * request"): the last word was a noun. Verbs joined by "or"/"and" in the
 * name are alternatives (get_or_create_label).
 * Object words are the rest of the name (known verbs included: get_run_summary is about a run
 * summary), cut at a qualifier ("by", "with"), or the description's first clause after its
 * verb when the name is the verb alone ("search", "query").
 */
export function parseToolAction(name: string, description: string): ToolAction {
  const nameWords = words(name);
  const verbs = nameWords.map(nameVerb);
  const agents = nameWords.map((w) => AGENT_NOUNS.get(w) ?? null);
  const first = (list: (string | null)[], core: boolean) => list.findIndex((v) => v !== null && (!core || CORE_CLASSES.has(actionClass(v))));
  let verbAt = first(verbs, true);
  if (verbAt < 0) verbAt = first(agents, true);
  if (verbAt < 0) verbAt = first(verbs, false);
  if (verbAt < 0) verbAt = first(agents, false);
  const found = nameWords.map((_, i) => verbs[i] ?? agents[i] ?? null);
  let verb = verbAt >= 0 ? found[verbAt]! : null;
  // Only the opening matters: a long description is not split whole.
  const firstClause = words(description.slice(0, 200).split(/[.;:\n(]/)[0] ?? '').slice(0, 16);
  let opening = 0;
  while (opening < 6 && opening < firstClause.length - 1 && LEAD_IN.has(firstClause[opening]!) && knownVerb(firstClause[opening]!) === null) opening++;
  const descriptionVerb = firstClause[opening] ? knownVerb(firstClause[opening]!) : null;
  const last = nameWords.length - 1;
  if (
    verb && verbAt === last && last > 0 && verbs[last] && found[last - 1] === null && !CORE_CLASSES.has(actionClass(verb)) &&
    descriptionVerb && descriptionVerb !== verb && usesCompound(description, nameWords[last - 1]!, nameWords[last]!)
  ) {
    // A verb that ends a name after a noun may be the noun of a compound ("network_request"):
    // when the description says the compound ("a single network request") and opens with
    // another verb ("Returns ..."), that verb is what the tool does.
    verb = descriptionVerb;
    verbAt = -1;
  } else if (!verb && descriptionVerb) verb = descriptionVerb;
  else if (!verb && firstClause[opening]) {
    verbAt = nameWords.findIndex((w) => w.length > 2 && !NOT_OBJECT.has(w) && opensWithVerb(firstClause[opening]!, firstClause[opening + 1], w));
    verb = verbAt >= 0 ? nameWords[verbAt]! : null;
  }
  const alternatives: number[] = [];
  if (verbAt >= 0) {
    for (let i = verbAt + 1; i + 1 < nameWords.length && (nameWords[i] === 'or' || nameWords[i] === 'and') && found[i + 1]; i += 2) alternatives.push(i + 1);
  }
  const skip = new Set([verbAt, ...alternatives]);
  const described = objectWords(firstClause.slice(opening + 1).filter((w) => knownVerb(w) === null)).slice(0, 3);
  const nameObject = objectWords(nameWords.filter((_, i) => !skip.has(i)));
  return {
    verb,
    alternatives: alternatives.map((i) => found[i]!),
    object: nameObject.length > 0 ? nameObject : described,
    described,
    prefix: verbAt > 0 ? nameWords.slice(0, verbAt).map(singular) : [],
    ...(nameObject.length === 0 && described.length > 0 ? { objectFromDescription: true as const } : {}),
  };
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
  // A name that was only the product and a verb (puppeteer_click) names its object in the description.
  for (let i = 0; i < out.length; i++) {
    const a = out[i]!;
    if (a.object.length === 0 && a.described.length > 0 && a !== actions[i]) out[i] = { ...a, object: a.described, objectFromDescription: true };
  }
  return out;
}

/** Share of object words two tools have in common (Jaccard); 0 when either names none. */
export function objectOverlap(a: readonly string[], b: readonly string[]): number {
  const x = new Set(a.map(objectKey));
  const y = new Set(b.map(objectKey));
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / (x.size + y.size - shared);
}

/** The verb and its alternatives as one key ("get|create"), as relateActions reads it; null without a verb. */
export function actionKey(action: ToolAction): string | null {
  return action.verb ? [action.verb, ...action.alternatives].join('|') : null;
}

export type ActionMode = 'read' | 'write' | 'destroy';

/**
 * What an action does to its object: reads it (get, list, analyze, export, ...), destroys or
 * ends it (delete, stop, revoke, reject, and un-/de-/dis- verbs: uninstall, disconnect), or
 * otherwise writes it (create, update, start, send, move, ...). An action with alternatives
 * ("get|create") has the mode of all of them when they agree, else null; so has no action.
 */
export function actionMode(action: string | null): ActionMode | null {
  if (!action) return null;
  let mode: ActionMode | null = null;
  for (const verb of action.split('|')) {
    const cls = actionClass(verb);
    const one: ActionMode = READING.has(cls) ? 'read' : DESTRUCTIVE.has(cls) || (!VERB_CLASS.has(verb) && NEGATING_PREFIXES.some((p) => verb.startsWith(p) && VERB_CLASS.has(verb.slice(p.length)))) ? 'destroy' : 'write';
    if (mode && mode !== one) return null;
    mode = one;
  }
  return mode;
}
