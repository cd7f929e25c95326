import type { RevisionRequest } from '../recommend';
import { MAX_REVISION } from './revise';

/** The prompt and answer handling of LLM-written revisions (the call itself is llm-revise.ts). */

export const REVISION_SYSTEM_PROMPT = [
  'You rewrite the descriptions of tools that an LLM chooses between, so that similar tools are no longer confused.',
  'Keep what the tool does and every fact of the current description; add when to use it and when to use the similar tool instead.',
  'Use words that fit only this tool. One to three sentences. Answer with the description text only: no heading, quotes or markdown.',
].join(' ');

function parameterLine(request: RevisionRequest['tool']): string {
  return request.parameters.length ? `Parameters: ${request.parameters.map((p) => `${p.name}${p.description ? ` (${p.description})` : ''}`).join('; ')}` : 'Parameters: none';
}

export function buildRevisionPrompt(request: RevisionRequest): string {
  const { tool } = request;
  const similar = request.confusedWith.map((c) => `- ${c.tool.name} (similarity ${c.similarity}): ${c.tool.description}`).join('\n');
  const problems = request.findings.map((f) => `- ${f.type}: ${f.recommendation}`).join('\n');
  return [
    `Tool to rewrite: ${tool.name}`,
    `Current description: ${tool.description}`,
    parameterLine(tool),
    '',
    'Tools it is confused with:',
    similar,
    '',
    'Problems found:',
    problems,
    '',
    `A rule-based draft, to improve on: ${request.ruleBased}`,
    '',
    `Write the new description of ${tool.name}.`,
  ].join('\n');
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
