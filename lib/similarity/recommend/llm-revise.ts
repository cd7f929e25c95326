import 'server-only';
import { completeText } from '../../providers/registry';
import type { ClientCache, ModelConfig } from '../../providers/types';
import type { DescriptionReviser } from '../recommend';
import { buildRevisionPrompt, cleanRevision, keepWithinServer, REVISION_SYSTEM_PROMPT } from './llm-prompt';

/**
 * Revisions written by an LLM, through the provider interface's plain text completion: the
 * same SDK clients, settings, endpoints, placeholder keys and error scrubbing as the evaluation.
 * `model.provider` must be able to write text (TEXT_PROVIDER_IDS); the caller checks the key.
 * The prompt carries the pair evidence; clauses of the answer that name a tool of another
 * server are dropped (and an answer with nothing else left falls back to the rules).
 */
export function createLlmReviser(model: ModelConfig, apiKey: string | undefined): DescriptionReviser {
  const clients: ClientCache = new Map();
  return {
    label: `${model.provider}/${model.model}`,
    async revise(request, outer) {
      const signal = outer ?? new AbortController().signal;
      const prompt = buildRevisionPrompt(request);
      const { text } = await completeText({ model, ...(apiKey ? { apiKey } : {}), clients, system: REVISION_SYSTEM_PROMPT, prompt, signal });
      return keepWithinServer(cleanRevision(text), request.tool, request.tools);
    },
  };
}
