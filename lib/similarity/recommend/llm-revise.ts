import 'server-only';
import { openAnthropicClient } from '../../providers/anthropic/client';
import { parseAnthropicMessage } from '../../providers/anthropic/response';
import { ANTHROPIC_BASE_URL, ANTHROPIC_MAX_TOKENS } from '../../providers/anthropic';
import { OPENAI_BASE_URL } from '../../providers/openai';
import { PLACEHOLDER_API_KEY } from '../../providers/openai-compatible';
import { openOpenAiClient } from '../../providers/openai-chat/client';
import { parseChatCompletion } from '../../providers/openai-chat/response';
import { toCallSettings } from '../../providers/shared/call-settings';
import { reuseClient } from '../../providers/shared/client-cache';
import { withProviderErrors } from '../../providers/shared/provider-errors';
import type { ClientCache, ModelConfig } from '../../providers/types';
import type { DescriptionReviser } from '../recommend';
import { buildRevisionPrompt, cleanRevision, REVISION_SYSTEM_PROMPT } from './llm-prompt';

/**
 * A plain text completion through the same SDK clients, settings and error scrubbing as the
 * evaluation providers (whose interface is tool selection, not free text).
 */

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'server';
  }
}

async function completeOpenAi(model: ModelConfig, apiKey: string, prompt: string, signal: AbortSignal, clients: ClientCache): Promise<string | null> {
  const compatible = model.provider === 'openai-compatible';
  const endpoint = { baseURL: model.baseUrl ?? OPENAI_BASE_URL, apiKey };
  const label = compatible ? `OpenAI-compatible server at ${hostOf(endpoint.baseURL)}` : 'OpenAI';
  const settings = toCallSettings(model);
  const { client, errors } = await reuseClient(clients, { kind: 'openai', ...endpoint, settings }, () => openOpenAiClient(endpoint, settings));
  return withProviderErrors({ label, sdk: errors, settings, signal, apiKey }, async () => {
    const raw: unknown = await client.chat.completions.create(
      {
        model: model.model,
        temperature: settings.temperature,
        messages: [
          { role: 'system', content: REVISION_SYSTEM_PROMPT },
          { role: 'user', content: prompt },
        ],
      },
      { signal },
    );
    return parseChatCompletion(raw, label).text;
  });
}

async function completeAnthropic(model: ModelConfig, apiKey: string, prompt: string, signal: AbortSignal, clients: ClientCache): Promise<string | null> {
  const endpoint = { baseURL: model.baseUrl ?? ANTHROPIC_BASE_URL, apiKey };
  const settings = toCallSettings(model);
  const { client, errors } = await reuseClient(clients, { kind: 'anthropic', ...endpoint, settings }, () => openAnthropicClient(endpoint, settings));
  return withProviderErrors({ label: 'Anthropic', sdk: errors, settings, signal, apiKey }, async () => {
    const raw: unknown = await client.messages.create(
      { model: model.model, max_tokens: ANTHROPIC_MAX_TOKENS, system: REVISION_SYSTEM_PROMPT, messages: [{ role: 'user', content: prompt }] },
      { signal },
    );
    return parseAnthropicMessage(raw, 'Anthropic').text;
  });
}

/** `model.provider` must not be 'local' (it cannot write text); the caller checks the key. */
export function createLlmReviser(model: ModelConfig, apiKey: string | undefined): DescriptionReviser {
  const clients: ClientCache = new Map();
  return {
    label: `${model.provider}/${model.model}`,
    async revise(request, outer) {
      const signal = outer ?? new AbortController().signal;
      const prompt = buildRevisionPrompt(request);
      if (model.provider === 'anthropic') return cleanRevision(await completeAnthropic(model, apiKey ?? '', prompt, signal, clients));
      const key = apiKey || (model.provider === 'openai-compatible' ? PLACEHOLDER_API_KEY : '');
      return cleanRevision(await completeOpenAi(model, key, prompt, signal, clients));
    },
  };
}
