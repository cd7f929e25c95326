import { z } from 'zod';
import type { Finding, LintTool } from './types';

/**
 * The LLM rubric review of one tool: the paper's six components scored 0-5, and a suggested
 * description. The model is given the evidence the offline lint found, so its rewrite fixes
 * what was measured, and only this tool's own server's text (nothing from other servers).
 */
export const RUBRIC = ['purpose', 'usage', 'limitations', 'parameters', 'length', 'examples'] as const;

export const REVIEW_SYSTEM_PROMPT = [
  'You review descriptions of MCP tools, which a language model reads to decide which tool to call.',
  'Score the description on six components, each 0 (absent) to 5 (excellent): purpose (the first sentence says what the tool does and to what),',
  'usage (when to use it, and when not), limitations (limits, errors, side effects), parameters (each parameter explained), length (concise but complete),',
  'examples (an example call or value). Then write an improved description that keeps every true statement, invents no capability, and fixes the findings given.',
  'Answer with one JSON object only: {"scores": {"purpose": n, "usage": n, "limitations": n, "parameters": n, "length": n, "examples": n}, "description": "..."}',
].join(' ');

export function buildReviewPrompt(tool: LintTool, findings: Finding[]): string {
  const params = tool.parameters.length
    ? tool.parameters.map((p) => `- ${p.name} (${p.type ?? 'no type'}${p.required ? ', required' : ''}): ${p.description || 'no description'}`).join('\n')
    : '- none';
  const evidence = findings.length ? findings.map((f) => `- ${f.ruleId}: ${f.message}`).join('\n') : '- none';
  return [`Tool to review: ${tool.name}`, `Description: ${tool.description || '(empty)'}`, `Parameters:\n${params}`, `Findings of the offline lint:\n${evidence}`].join('\n\n');
}

const ReviewSchema = z.object({
  scores: z.object(Object.fromEntries(RUBRIC.map((k) => [k, z.number().min(0).max(5)])) as Record<(typeof RUBRIC)[number], z.ZodNumber>),
  description: z.string().trim().min(1).max(10_000),
});

export type LlmReview = { score: number; rubric: Record<(typeof RUBRIC)[number], number>; suggestedDescription: string };

/** The model's answer as a review, or null when it is not the JSON asked for (the first {...} block is read). */
export function parseReview(text: string | null): LlmReview | null {
  if (!text) return null;
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
  const parsed = ReviewSchema.safeParse(raw);
  if (!parsed.success) return null;
  const values = RUBRIC.map((k) => parsed.data.scores[k]);
  const score = Math.round((values.reduce((a, b) => a + b, 0) / (values.length * 5)) * 100);
  return { score, rubric: parsed.data.scores, suggestedDescription: parsed.data.description };
}
