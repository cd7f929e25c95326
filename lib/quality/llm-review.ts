import 'server-only';
import { ValidationError } from '../errors';
import { assertKeysPresent, keyFor, readApiKeys } from '../providers/api-keys';
import { completeText } from '../providers/registry';
import type { ClientCache, ModelConfig } from '../providers/types';
import { mapLimit } from '../similarity/map-limit';
import type { ToolReport } from './lint';
import { buildReviewPrompt, parseReview, REVIEW_SYSTEM_PROMPT, type LlmReview } from './llm-prompt';
import type { LintTool } from './types';

/** At most this many tools are reviewed per request (each is one model call); the rest say so. */
export const MAX_LLM_TOOLS = 50;
const CONCURRENCY = 4;

export type ToolLlmReview = (LlmReview & { status: 'ok' }) | { status: 'error'; reason: string } | { status: 'skipped'; reason: string };

/** Checks the model and its key before any tool is listed: a 400 names what is missing. */
export function prepareReview(model: ModelConfig, headers: Headers): { model: ModelConfig; apiKey?: string } {
  if (model.provider === 'local') throw new ValidationError("llm.provider 'local' cannot review descriptions: choose a provider that writes text", undefined, 'invalid_llm');
  const keys = readApiKeys(headers);
  assertKeysPresent([model], keys);
  const apiKey = keyFor(model.provider, keys);
  return { model, ...(apiKey ? { apiKey } : {}) };
}

/**
 * An LLM rubric score and a suggested description per tool, through the provider interface.
 * A failed call or an unreadable answer is that tool's `{status: 'error'}`; the others go on.
 */
export async function reviewTools(
  target: { model: ModelConfig; apiKey?: string },
  tools: LintTool[],
  reports: ToolReport[],
  signal?: AbortSignal,
): Promise<Map<string, ToolLlmReview>> {
  const clients: ClientCache = new Map();
  const findingsOf = new Map(reports.map((r) => [r.id, r.findings]));
  const reviewed = tools.slice(0, MAX_LLM_TOOLS);
  const out = new Map<string, ToolLlmReview>();
  const results = await mapLimit(reviewed, CONCURRENCY, async (tool): Promise<ToolLlmReview> => {
    try {
      const { text } = await completeText({
        ...target,
        clients,
        system: REVIEW_SYSTEM_PROMPT,
        prompt: buildReviewPrompt(tool, findingsOf.get(tool.id) ?? []),
        signal: signal ?? new AbortController().signal,
      });
      const review = parseReview(text);
      return review ? { status: 'ok', ...review } : { status: 'error', reason: 'the model did not answer with the JSON review asked for' };
    } catch (err) {
      return { status: 'error', reason: err instanceof Error ? err.message : String(err) };
    }
  });
  reviewed.forEach((t, i) => out.set(t.id, results[i] ?? { status: 'error', reason: 'no result' }));
  for (const t of tools.slice(MAX_LLM_TOOLS)) out.set(t.id, { status: 'skipped', reason: `only the first ${MAX_LLM_TOOLS} tools are reviewed per request` });
  return out;
}
