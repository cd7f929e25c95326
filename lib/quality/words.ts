import { humanizeName, stemWord } from '../text/tokenize';

/**
 * The few word lists the lint reads descriptions with. They are kept small on purpose and
 * are about how English describes an operation, not about any product: a list tuned to one
 * data set would score that data set well and nothing else. Each is matched on stems
 * (lib/text stemWord), so "Creates", "created" and "creating" all meet "create".
 */

function stems(text: string): Set<string> {
  return new Set(text.split(/\s+/).filter(Boolean).map((w) => stemWord(w)));
}

/**
 * Verbs that name an operation a tool performs (the "verb" of "verb + object"). General
 * computing and everyday verbs; a description whose first sentence uses none of these, nor
 * the verb of the tool's own name, is read as not stating its purpose.
 */
export const ACTION_VERBS = stems(`
  access add analyze append apply approve ask archive assign attach authenticate block book browse build calculate call cancel
  change check clear click clone close compare compile compute configure connect convert copy count create deactivate
  debug decode delete deploy describe detect disable download draft drop edit enable encode evaluate execute
  explain export extract fetch fill filter find fix format generate get grant import index insert inspect install
  invite join launch list load lock log look manage mark merge modify monitor move navigate notify open optimize
  order parse patch pause pay perform ping place plan play post predict preview print process provide publish pull push put query
  read record refresh register reject release reload remove rename render replace reply report request reset resize
  resolve restart restore resume retrieve return revert revoke run save scan schedule scrape search select send
  set share show sign snapshot sort split start stop stream submit subscribe summarize suspend switch sync tag
  take test track transcribe transfer transform translate trigger type undo uninstall unlock unsubscribe update
  upgrade upload upsert validate verify view visualize wait watch write
`);

/** Function words that are neither an action nor an object ("Lists all the items" keeps lists and items). */
export const DETERMINERS = new Set(
  'a an the this that these those it its of for to in on at by with from and or as is are be any all each every some one your my their our'.split(' '),
);

/** Verbs whose call removes data: a tool named with one must not claim to be read-only or non-destructive. */
export const DESTRUCTIVE_VERBS = stems('delete remove drop destroy purge erase wipe truncate');

/** Verbs of a pure read: a tool named with one is expected to say readOnlyHint: true. */
export const READ_VERBS = stems('get list search read find fetch query retrieve show view describe lookup count');

/** Phrases that tell the model when (or when not) to pick the tool. */
export const USAGE_GUIDANCE = [
  /\buse (?:this|it)?\s*(?:tool\s+)?(?:when|if|for|to|only|before|after|instead)\b/i,
  /\b(?:do not|don't|never|avoid)\s+(?:use|call)\b/i,
  /\bwhen (?:you|the user|a user|users)\b/i,
  /\binstead of\b|\binstead\b/i,
  /\b(?:useful|ideal|best|intended|designed|meant)\s+(?:for|when|to)\b/i,
  /\b(?:prefer|call (?:this|it) (?:when|before|after|first))\b/i,
  /\bonly (?:when|if|after|for)\b/i,
];

/** Phrases that state a limit, an error case or a side effect. */
export const LIMITATIONS = [
  /\b(?:error|errors|fail|fails|failure|exception|throws?)\b/i,
  /\b(?:limit|limits|limited|maximum|max|minimum|at most|up to|no more than|capped|truncated?|paginated?)\b/i,
  /\b(?:cannot|can't|can not|not supported|unsupported|does not|doesn't|won't|will not)\b/i,
  /\b(?:requires?|required|must|needs? (?:to|a|an|the))\b/i,
  /\b(?:permanent(?:ly)?|irreversible|overwrites?|side effects?|rate[- ]limit(?:ed)?|timeouts?|expires?)\b/i,
  /\b(?:note|warning|caution|important)\s*:/i,
];

/** Phrases that introduce an example call or value. */
export const EXAMPLES = [/\be\.g\.|\bfor example\b|\bfor instance\b|\bexamples?\b|\bsuch as\b|\bi\.e\.|\blike\s+["'`]/i, /`[^`]+`/, /"[^"]{1,80}"/];

/** The first word of a tool's name read as words, lowercased ("deleteFile" -> "delete"). */
export function nameFirstWord(name: string): string {
  return humanizeName(name).split(' ')[0]?.toLowerCase() ?? '';
}

/** The stemmed first word of a tool's name ("deleteFile" -> "delet"), or '' for a name with none. */
export function nameVerb(name: string): string {
  const first = nameFirstWord(name);
  return /^[a-z]+$/.test(first) ? stemWord(first) : '';
}

/** The stemmed words of a tool's name ("create_issue_comment" -> creat, issue, comment). */
export function nameStems(name: string): string[] {
  return humanizeName(name).toLowerCase().split(' ').filter((w) => /^[a-z]+$/.test(w)).map((w) => stemWord(w));
}
