import 'server-only';
import { defineOpenAiChatProvider } from '../openai-chat/provider';
import { requireApiKey } from '../shared/api-key';

/** A configured baseUrl (a proxy or gateway) wins over the public endpoint. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export const openaiProvider = defineOpenAiChatProvider({
  id: 'openai',
  describeUpstream: () => 'OpenAI',
  resolveEndpoint: (req) => ({ baseURL: req.model.baseUrl ?? OPENAI_BASE_URL, apiKey: requireApiKey(req, 'OpenAI') }),
});
