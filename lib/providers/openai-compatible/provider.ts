import 'server-only';
import { defineOpenAiChatProvider } from '../openai-chat/provider';
import type { ProviderTarget } from '../types';

/** Local servers (Ollama, LM Studio, vLLM) ignore the key, but the SDK needs a non-empty one. */
export const PLACEHOLDER_API_KEY = 'not-needed';

function requireBaseUrl(req: ProviderTarget): string {
  // ModelConfigSchema rejects an openai-compatible config without baseUrl; reaching this is a bug.
  if (!req.model.baseUrl) throw new Error('openai-compatible provider called without a baseUrl');
  return req.model.baseUrl;
}

/** The host only: a base URL may carry credentials in its user-info or query. */
function describeServer(req: ProviderTarget): string {
  try {
    return `OpenAI-compatible server at ${new URL(requireBaseUrl(req)).host}`;
  } catch {
    return 'OpenAI-compatible server';
  }
}

export const openaiCompatibleProvider = defineOpenAiChatProvider({
  id: 'openai-compatible',
  describeUpstream: describeServer,
  resolveEndpoint: (req) => ({ baseURL: requireBaseUrl(req), apiKey: req.apiKey || PLACEHOLDER_API_KEY }),
});
