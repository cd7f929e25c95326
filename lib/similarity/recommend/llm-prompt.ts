import type { RevisionRequest } from '../recommend';
import type { SimilarityTool } from '../types';
import { MAX_REVISION } from './revise';
import type { PairEvidence } from './evidence';
import { splitSentences } from './text-quality';
import { listWords } from './words';

/** The prompt and answer handling of LLM-written revisions (the call itself is llm-revise.ts). */

export const REVISION_SYSTEM_PROMPT = [
  'You rewrite the descriptions of tools that an LLM chooses between, so that similar tools are no longer confused.',
  'Keep what the tool does and every fact of the current description; open with what only this tool does, using the evidence given.',
  'Name only tools of the same server: a description is read where tools of other servers may not exist.',
  'Use words that fit only this tool. One to three sentences. Answer with the description text only: no heading, quotes or markdown.',
].join(' ');

function parameterLine(tool: SimilarityTool): string {
  return tool.parameters.length ? `Parameters: ${tool.parameters.map((p) => `${p.name}${p.description ? ` (${p.description})` : ''}`).join('; ')}` : 'Parameters: none';
}

/** The evidence of one pair as lines of the prompt: what is shared, what tells the tools apart, whether to merge. */
function evidenceLines(name: string, otherName: string, e: PairEvidence): string[] {
  const lines: string[] = [];
  if (e.span) lines.push(e.span.source === 'server' ? `  Passage most tools of the server repeat (cut it): "${e.span.text}"` : `  Passage both descriptions share word for word (reword it): "${e.span.text}"`);
  if (e.ownWords.length) lines.push(`  Words only ${name} uses: ${listWords(e.ownWords)}`);
  if (e.otherWords.length) lines.push(`  Words only ${otherName} uses: ${listWords(e.otherWords)}`);
  if (e.parameters.own.length) lines.push(`  Parameters only ${name} takes: ${listWords(e.parameters.own.map((p) => p.name))}`);
  if (e.parameters.other.length) lines.push(`  Parameters only ${otherName} takes: ${listWords(e.parameters.other.map((p) => p.name))}`);
  if (e.outputs?.own.length) lines.push(`  Output fields only ${name} returns: ${listWords(e.outputs.own)}`);
  if (e.duplicate) lines.push('  Same action and same parameters: these may be one tool (say so only if the description cannot tell them apart).');
  if (e.nothingTellsApart) lines.push('  Nothing in the two definitions tells them apart.');
  return lines;
}

export function buildRevisionPrompt(request: RevisionRequest): string {
  const { tool } = request;
  const similar = request.confusedWith.flatMap((c) => {
    // A tool of another server is described, never named: the rewrite must not point to it.
    const other = c.tool.server === tool.server ? c.tool.name : 'a tool of another server';
    return [`- ${other} (similarity ${c.similarity}): ${c.tool.description}`, ...(c.evidence ? evidenceLines(tool.name, other, c.evidence) : [])];
  });
  const problems = request.findings.filter((f) => f.recommendation).map((f) => `- ${f.type}: ${f.recommendation}`);
  return [
    `Tool to rewrite: ${tool.name}`,
    `Server: ${tool.server || '(none)'}`,
    `Current description: ${tool.description}`,
    parameterLine(tool),
    '',
    'Tools it is confused with, and the evidence of each pair:',
    ...similar,
    '',
    'Problems found:',
    ...(problems.length ? problems : ['- none beyond the similarity']),
    '',
    `A rule-based draft, to improve on: ${request.ruleBased}`,
    '',
    `Write the new description of ${tool.name}. Name no tool of another server.`,
  ].join('\n');
}

/** Names a reader would take for a tool of another server (ids, and names that are not plain words). */
function foreignLabels(tool: SimilarityTool, tools: readonly SimilarityTool[]): string[] {
  const own = new Set(tools.filter((t) => t.server === tool.server).map((t) => t.name));
  return tools.filter((t) => t.server !== tool.server && !own.has(t.name)).flatMap((t) => [t.id, ...(/[_\-.]|[a-z][A-Z]/.test(t.name) ? [t.name] : [])]);
}

/**
 * Drops the clauses of an answer that name a tool of another server (the revision of a tool
 * stays within its server); throws when nothing of the answer is left.
 */
export function keepWithinServer(text: string, tool: SimilarityTool, tools: readonly SimilarityTool[]): string {
  const labels = foreignLabels(tool, tools).filter((l) => text.includes(l));
  if (labels.length === 0) return text;
  const names = (s: string) => labels.some((l) => s.includes(l));
  const kept = splitSentences(text).flatMap((sentence) => {
    if (!names(sentence)) return [sentence];
    const clauses = sentence.replace(/[.!?]$/, '').split(/;\s*/).filter((c) => !names(c));
    return clauses.length ? [`${clauses.join('; ')}.`] : [];
  });
  if (kept.length === 0) throw new Error(`the model's revision named a tool of another server (${labels.join(', ')}) and nothing else`);
  return kept.join(' ');
}

/** Models wrap answers in quotes, fences or a "Description:" label despite being asked not to. */
export function cleanRevision(text: string | null): string {
  let t = (text ?? '').trim();
  t = t.replace(/^```[a-z]*\s*/i, '').replace(/\s*```$/, '');
  t = t.replace(/^(revised|new)?\s*description\s*:\s*/i, '');
  t = t.replace(/^["'“](.*)["'”]$/s, '$1');
  t = t.replace(/\s+/g, ' ').trim();
  if (!t) throw new Error('the model answered with no text');
  return t.length > MAX_REVISION ? `${t.slice(0, MAX_REVISION - 1)}…` : t;
}
