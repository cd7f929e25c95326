import 'server-only';
import type { MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import { defineProvider } from '../define';
import { reuseClient } from '../shared/client-cache';
import { requireApiKey } from '../shared/api-key';
import { toCallSettings } from '../shared/call-settings';
import { resolveSystemPrompt } from '../shared/prompts';
import { withProviderErrors } from '../shared/provider-errors';
import { parseSelfAssessment } from '../shared/self-assessment';
import type { ExposedTool, ProviderTarget } from '../types';
import { openAnthropicClient } from './client';
import { buildAssessmentMessages, buildConversationMessages, buildQueryMessages, contextHasToolCalls, toAnthropicTools } from './messages';
import { parseAnthropicMessage, type ParsedMessage } from './response';

/** A configured baseUrl (a proxy or gateway) wins over the public endpoint. */
export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
/** Enough for a tool call or a short answer; the API requires a limit. */
export const ANTHROPIC_MAX_TOKENS = 1024;
const LABEL = 'Anthropic';

// No `temperature`: API version 2026-10-21, which SDK 1.x always sends, rejects sampling
// parameters (temperature, top_p, top_k) with a 400, and the SDK no longer types them. The
// run's temperature is still stored in model_settings, but it has no effect on Anthropic.

type Call = ProviderTarget & { signal: AbortSignal; tools?: ExposedTool[] };

type Turn<T> = {
  messages: MessageParam[];
  /** The system prompt of the run's model settings unless given. */
  system?: string;
  maxTokens?: number;
  /**
   * null sends no tools. 'none' sends the definitions but forbids calling them: the API
   * requires the definitions once tool_use blocks are in the history.
   */
  toolChoice: 'auto' | 'none' | null;
  interpret(parsed: ParsedMessage, raw: unknown): T;
};

function openClient(target: ProviderTarget) {
  const apiKey = requireApiKey(target, LABEL);
  const settings = toCallSettings(target.model);
  const endpoint = { baseURL: target.model.baseUrl ?? ANTHROPIC_BASE_URL, apiKey };
  const sdk = reuseClient(target.clients, { kind: 'anthropic', ...endpoint, settings }, () => openAnthropicClient(endpoint, settings));
  return { apiKey, settings, sdk };
}

async function call<T>(req: Call, turn: Turn<T>): Promise<T> {
  const { apiKey, settings, sdk } = openClient(req);
  const { client, errors } = await sdk;
  const ctx = { label: LABEL, sdk: errors, settings, signal: req.signal, apiKey };
  return withProviderErrors(ctx, async () => {
    const tools: Tool[] = turn.toolChoice && req.tools && req.tools.length > 0 ? toAnthropicTools(req.tools) : [];
    const raw: unknown = await client.messages.create(
      {
        model: req.model.model,
        max_tokens: turn.maxTokens ?? ANTHROPIC_MAX_TOKENS,
        system: turn.system ?? resolveSystemPrompt(req.model),
        messages: turn.messages,
        ...(turn.toolChoice && tools.length > 0 ? { tools, tool_choice: { type: turn.toolChoice } } : {}),
      },
      { signal: req.signal },
    );
    return turn.interpret(parseAnthropicMessage(raw, LABEL), raw);
  });
}

export const anthropicProvider = defineProvider('anthropic', {
  warmUp: async (target: ProviderTarget) => {
    await openClient(target).sdk;
  },
  selectTool: (req) =>
    call(req, {
      messages: buildQueryMessages(req),
      toolChoice: 'auto',
      interpret: (parsed, raw) => ({ ...parsed, raw }),
    }),
  // The tools stay offered with tool_choice auto: the API requires their definitions once
  // tool_use blocks are in the history, and the model may call again.
  converse: (req) =>
    call(req, {
      messages: buildConversationMessages(req),
      toolChoice: 'auto',
      interpret: (parsed, raw) => ({ ...parsed, raw }),
    }),
  assessConfidence: (req) =>
    call(req, {
      messages: buildAssessmentMessages(req),
      toolChoice: req.selection.toolCalls.length > 0 || contextHasToolCalls(req) ? 'none' : null,
      interpret: (parsed, raw) => ({ ...parseSelfAssessment(parsed.text), usage: parsed.usage, raw }),
    }),
  complete: (req) =>
    call(req, {
      messages: [{ role: 'user', content: req.prompt }],
      system: req.system,
      toolChoice: null,
      ...(req.maxTokens ? { maxTokens: req.maxTokens } : {}),
      interpret: (parsed, raw) => ({ text: parsed.text, usage: parsed.usage, raw }),
    }),
});
