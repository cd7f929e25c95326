import 'server-only';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ProviderId } from '../catalog';
import { defineProvider } from '../define';
import { toCallSettings } from '../shared/call-settings';
import { withProviderErrors } from '../shared/provider-errors';
import { parseSelfAssessment } from '../shared/self-assessment';
import type { ExposedTool, ProviderTarget } from '../types';
import { reuseClient } from '../shared/client-cache';
import { openOpenAiClient, type OpenAiEndpoint } from './client';
import { buildAssessmentMessages, buildConversationMessages, buildQueryMessages, toOpenAiTools } from './messages';
import { parseChatCompletion, type ParsedCompletion } from './response';

export type OpenAiChatOptions = {
  id: Extract<ProviderId, 'openai' | 'openai-compatible'>;
  /** Names the upstream in error messages. */
  describeUpstream(target: ProviderTarget): string;
  resolveEndpoint(target: ProviderTarget): OpenAiEndpoint;
};

type Call = ProviderTarget & { signal: AbortSignal; tools?: ExposedTool[] };

type Turn<T> = {
  messages: ChatCompletionMessageParam[];
  withTools: boolean;
  maxTokens?: number;
  interpret(parsed: ParsedCompletion, raw: unknown): T;
};

/** One code path for every chat-completions API: OpenAI itself and compatible servers. */
export function defineOpenAiChatProvider(options: OpenAiChatOptions) {
  function openClient(target: ProviderTarget) {
    const endpoint = options.resolveEndpoint(target);
    const settings = toCallSettings(target.model);
    const sdk = reuseClient(target.clients, { kind: 'openai', ...endpoint, settings }, () => openOpenAiClient(endpoint, settings));
    return { endpoint, settings, sdk };
  }

  async function call<T>(req: Call, turn: Turn<T>): Promise<T> {
    const label = options.describeUpstream(req);
    const { endpoint, settings, sdk } = openClient(req);
    const { client, errors } = await sdk;
    const ctx = { label, sdk: errors, settings, signal: req.signal, apiKey: endpoint.apiKey };
    return withProviderErrors(ctx, async () => {
      // The API rejects an empty `tools` array, so no tools means no tools field.
      const tools = turn.withTools && req.tools && req.tools.length > 0 ? toOpenAiTools(req.tools) : undefined;
      const raw: unknown = await client.chat.completions.create(
        {
          model: req.model.model,
          messages: turn.messages,
          temperature: settings.temperature,
          ...(turn.maxTokens ? { max_completion_tokens: turn.maxTokens } : {}),
          ...(tools ? { tools, tool_choice: 'auto' as const } : {}),
        },
        { signal: req.signal },
      );
      return turn.interpret(parseChatCompletion(raw, label), raw);
    });
  }

  return defineProvider(options.id, {
    warmUp: async (target: ProviderTarget) => {
      await openClient(target).sdk;
    },
    selectTool: (req) =>
      call(req, {
        messages: buildQueryMessages(req),
        withTools: true,
        interpret: (parsed, raw) => ({ ...parsed, raw }),
      }),
    converse: (req) =>
      call(req, {
        messages: buildConversationMessages(req),
        withTools: true,
        interpret: (parsed, raw) => ({ ...parsed, raw }),
      }),
    // No tools on the follow-up, so the model can only answer in text.
    assessConfidence: (req) =>
      call(req, {
        messages: buildAssessmentMessages(req),
        withTools: false,
        interpret: (parsed, raw) => ({ ...parseSelfAssessment(parsed.text), usage: parsed.usage, raw }),
      }),
    complete: (req) =>
      call(req, {
        messages: [
          { role: 'system', content: req.system },
          { role: 'user', content: req.prompt },
        ],
        withTools: false,
        ...(req.maxTokens ? { maxTokens: req.maxTokens } : {}),
        interpret: (parsed, raw) => ({ text: parsed.text, usage: parsed.usage, raw }),
      }),
  });
}
