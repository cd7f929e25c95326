import { z } from 'zod';
import { findExpectedParameterProblems } from '../expected-parameters';
import type { PairTool, Evidence } from './query';
import { schemaParameters } from './values';

/** The prompt that asks a model for the drafts of one pair, and the check of its answer. */

export const DRAFTS_SYSTEM_PROMPT =
  'You write test cases for an evaluation of how language models choose between tools. ' +
  'Each test case is a request a person would type, which exactly one of two similar tools serves. Answer with JSON only.';

const MAX_SCHEMA_CHARS = 4000;
const MAX_QUERY_CHARS = 1000;

const toolId = (t: PairTool) => `${t.server}/${t.name}`;

function describe(t: PairTool, evidence: Evidence): string {
  const schema = JSON.stringify(t.inputSchema ?? { type: 'object', properties: {} });
  return [
    `Tool ${toolId(t)}`,
    `Description: ${t.description}`,
    `Input schema: ${schema.length > MAX_SCHEMA_CHARS ? `${schema.slice(0, MAX_SCHEMA_CHARS)}...` : schema}`,
    `Words only this tool uses: ${evidence.words.join(', ') || '(none)'}`,
    `Parameters only this tool takes: ${evidence.parameters.join(', ') || '(none)'}`,
  ].join('\n');
}

export function buildDraftsPrompt(a: PairTool, b: PairTool, ea: Evidence, eb: Evidence): string {
  return [
    'Two tools that models confuse:',
    '',
    describe(a, ea),
    '',
    describe(b, eb),
    '',
    'Write one test case per tool: a natural request a person would type (one or two sentences, no tool names) that this tool serves and the other does not,',
    'built on what distinguishes them. Give plausible concrete values for the parameters the request states, and list only those in expectedParameters.',
    `Answer: {"drafts": [{"tool": "${toolId(a)}", "query": "...", "expectedParameters": {...}, "rationale": "why only this tool fits"}, {"tool": "${toolId(b)}", ...}]}`,
  ].join('\n');
}

const AnswerSchema = z.object({
  drafts: z
    .array(
      z.object({
        tool: z.string(),
        query: z.string().trim().min(8).max(MAX_QUERY_CHARS),
        expectedParameters: z.record(z.string(), z.unknown()).default({}),
        rationale: z.string().trim().max(2000).default(''),
      }),
    )
    .min(1)
    .max(4),
});

export type LlmDraft = { target: 'a' | 'b'; query: string; expectedParameters: Record<string, unknown>; rationale: string };

/** The first JSON object in the text (models wrap JSON in prose or code fences). */
function firstJsonObject(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1)) as unknown;
  } catch {
    return null;
  }
}

/**
 * The model's drafts, or why they cannot be used: not JSON, the wrong shape, a tool outside the
 * pair, a parameter the tool does not take, or an expectation the test cases would refuse.
 */
export function parseDrafts(text: string | null, a: PairTool, b: PairTool): { drafts: LlmDraft[] } | { problem: string } {
  const parsed = AnswerSchema.safeParse(firstJsonObject(text ?? ''));
  if (!parsed.success) return { problem: 'the answer was not the JSON asked for' };
  const drafts: LlmDraft[] = [];
  for (const d of parsed.data.drafts) {
    const target = d.tool === toolId(a) || d.tool === a.name ? 'a' : d.tool === toolId(b) || d.tool === b.name ? 'b' : null;
    if (!target) return { problem: `the answer names a tool outside the pair (${d.tool.slice(0, 100)})` };
    const tool = target === 'a' ? a : b;
    const known = new Set(schemaParameters(tool.inputSchema).map((p) => p.name));
    const unknown = Object.keys(d.expectedParameters).filter((k) => !known.has(k));
    if (unknown.length) return { problem: `${tool.name} takes no parameter ${unknown.join(', ')}` };
    const problems = findExpectedParameterProblems(d.expectedParameters, '');
    if (problems.length) return { problem: `expectedParameters: ${problems[0]?.message ?? 'invalid'}` };
    if (drafts.some((x) => x.target === target)) continue;
    drafts.push({ target, query: d.query, expectedParameters: d.expectedParameters, rationale: d.rationale || `Written by the model for ${tool.name}.` });
  }
  return { drafts };
}
