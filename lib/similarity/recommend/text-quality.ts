import type { SimilarityTool } from '../types';
import { actionClassOf, gluesVerbs } from './actions';

/**
 * Checks that recommendation text reads as a person wrote it: whole sentences (a capital
 * first, a period last), no "it is for X" fragments or "for find, search and match, use ..."
 * lists of bare words, no tool named twice in one sentence, suggested names of one verb and an
 * object, and no tool of another server pulled into a revised description. The tests run it
 * over every recommendation of real servers; it is data in, problems out, so it could gate
 * output at run time too.
 */

export type TextProblem = { check: 'capital' | 'period' | 'fragment' | 'repeated_name' | 'glued_verbs' | 'other_server'; text: string; detail: string };

const ABBREVIATIONS = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf)\.$/i;

/** Sentences of a text: ends at . ! ? followed by a space, outside quotes, brackets and abbreviations. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === '`') quoted = !quoted;
    else if (!quoted && '([{'.includes(c)) depth++;
    else if (!quoted && ')]}'.includes(c)) depth = Math.max(0, depth - 1);
    else if (!quoted && depth === 0 && '.!?'.includes(c) && (i + 1 === text.length || /\s/.test(text[i + 1]!))) {
      const sentence = text.slice(start, i + 1).trim();
      if (ABBREVIATIONS.test(sentence)) continue;
      if (sentence) out.push(sentence);
      start = i + 1;
    }
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** Names a reader would take for a tool: ids always, names only when they cannot be an English word ("read_file", "getRun"). */
function distinctiveLabels(tools: readonly SimilarityTool[]): { tool: SimilarityTool; label: string }[] {
  return tools.flatMap((tool) => [{ tool, label: tool.id }, ...(/[_\-.]|[a-z][A-Z]/.test(tool.name) ? [{ tool, label: tool.name }] : [])]);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Occurrences of a label not inside a longer identifier or id. */
function count(text: string, label: string): number {
  if (!text.includes(label)) return 0;
  return text.match(new RegExp(`(?<![\\w/.-])${escape(label)}(?![\\w/#-])`, 'g'))?.length ?? 0;
}

/** "it is for query", "Use it for find.", "for search, whose and match, use ...": a preposition with no object noun behind it. */
const FRAGMENTS: RegExp[] = [/\bit is for\b/i, /\buse it for\b/i, /\bfor [a-z]+(?:, [a-z]+)*(?: and [a-z]+)?,? use\b/i];

/** "for find." or "for search," : a bare verb where an object belongs. */
function bareVerbAfterFor(sentence: string): string | null {
  for (const m of sentence.matchAll(/\bfor ([a-z]+)(?=[.,;])/gi)) if (actionClassOf(m[1]!)) return m[0];
  return null;
}

export function checkSentences(text: string, tools: readonly SimilarityTool[] = []): TextProblem[] {
  const problems: TextProblem[] = [];
  const labels = distinctiveLabels(tools);
  for (const sentence of splitSentences(text)) {
    if (!/^[A-Z]/.test(sentence)) problems.push({ check: 'capital', text: sentence, detail: 'a sentence starts with a capital letter' });
    if (!/\.$/.test(sentence)) problems.push({ check: 'period', text: sentence, detail: 'a sentence ends with a period' });
    for (const re of FRAGMENTS) if (re.test(sentence)) problems.push({ check: 'fragment', text: sentence, detail: `a fragment without an object: ${sentence.match(re)?.[0]}` });
    const bare = bareVerbAfterFor(sentence);
    if (bare) problems.push({ check: 'fragment', text: sentence, detail: `a verb where an object belongs: ${bare}` });
    if (/""/.test(sentence)) problems.push({ check: 'fragment', text: sentence, detail: 'an empty quotation' });
    // A quoted passage of a description is cited, not named by the writer.
    const unquoted = sentence.replace(/"[^"]*"/g, '""');
    // Longer names first, each blanked once counted: "GitHub" inside "GitHub Issues" is not a second GitHub.
    let rest = unquoted;
    const seen = new Map<string, number>();
    for (const { tool, label } of [...labels].sort((x, y) => y.label.length - x.label.length)) {
      const n = count(rest, label);
      if (!n) continue;
      seen.set(tool.id, (seen.get(tool.id) ?? 0) + n);
      rest = rest.split(label).join('§');
    }
    for (const [id, n] of seen) if (n > 1) problems.push({ check: 'repeated_name', text: sentence, detail: `${id} is named ${n} times in one sentence` });
  }
  return problems;
}

export function checkSuggestedName(name: string): TextProblem[] {
  return gluesVerbs(name) ? [{ check: 'glued_verbs', text: name, detail: 'a suggested name is one verb and an object, not two verbs glued' }] : [];
}

/**
 * A revision of `tool` may name only tools of its own server; a name the original already
 * used is the author's, not the revision's. Added sentences are checked as sentences.
 */
export function checkRevision(tool: SimilarityTool, before: string, after: string, tools: readonly SimilarityTool[]): TextProblem[] {
  const problems: TextProblem[] = [];
  const own = new Set(tools.filter((t) => t.server === tool.server).map((t) => t.name));
  for (const { tool: other, label } of distinctiveLabels(tools)) {
    if (other.server === tool.server || own.has(other.name)) continue;
    if (count(after, label) > count(before, label)) problems.push({ check: 'other_server', text: after, detail: `the revision of ${tool.id} names ${label}, a tool of server ${other.server}` });
  }
  const original = new Set(splitSentences(before));
  const added = splitSentences(after).filter((s) => !original.has(s) && !original.has(s.replace(/\.$/, '')));
  problems.push(...checkSentences(added.join(' '), tools.filter((t) => t.server === tool.server)));
  return problems;
}

type CheckedIssue = { tool: string; relatedTools: readonly string[]; recommendation: string; rationale: string; applyCommands: readonly { op: string; path: string; value?: unknown }[] };
type CheckedRevision = { tool: string; before: string; after: string };

/** Every problem of a recommendations response: issues' sentences, suggested names, revisions. */
export function checkRecommendationText(recs: { issues: readonly CheckedIssue[]; revisions: readonly CheckedRevision[] }, tools: readonly SimilarityTool[]): TextProblem[] {
  const byId = new Map(tools.map((t) => [t.id, t]));
  const problems: TextProblem[] = [];
  for (const issue of recs.issues) {
    // The tools an issue can name are its own and the related ones; other names are not counted.
    const named = [issue.tool, ...issue.relatedTools].flatMap((id) => byId.get(id) ?? []);
    problems.push(...checkSentences(issue.recommendation, named), ...checkSentences(issue.rationale, named));
    for (const op of issue.applyCommands) if (op.op === 'replace' && op.path === '/name' && typeof op.value === 'string') problems.push(...checkSuggestedName(op.value));
  }
  for (const revision of recs.revisions) {
    const tool = byId.get(revision.tool);
    if (tool) problems.push(...checkRevision(tool, revision.before, revision.after, tools));
  }
  return problems;
}
