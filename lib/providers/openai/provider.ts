import 'server-only';
import { defineOpenAiChatProvider } from '../openai-chat/provider';
import { requireApiKey } from '../shared/api-key';
import { OPENAI_BASE_URL } from './base-url';
import { embedWithOpenAi } from './embeddings';

export const openaiProvider = {
  ...defineOpenAiChatProvider({
    id: 'openai',
    describeUpstream: () => 'OpenAI',
    resolveEndpoint: (req) => ({ baseURL: req.model.baseUrl ?? OPENAI_BASE_URL, apiKey: requireApiKey(req, 'OpenAI') }),
  }),
  embed: embedWithOpenAi,
};
