import type { ProviderId } from '@/lib/providers/catalog';

export type KeySlot = 'openai' | 'anthropic' | 'generic';

export type ProviderChoice = {
  id: ProviderId;
  label: string;
  /** Shown under the provider select. */
  hint: string;
  /** Which key field this provider reads (the generic X-Model-API-Key is the fallback). */
  key: { slot: KeySlot; required: boolean } | null;
  baseUrlRequired: boolean;
  /** Suggested model names (a datalist; any name may be typed). */
  models: string[];
};

export const PROVIDER_CHOICES: ProviderChoice[] = [
  {
    id: 'local',
    label: 'local (offline baseline)',
    hint: 'offline retrieval baseline (not an LLM), no key needed: hybrid = TF-IDF + word vectors, lexical = TF-IDF only',
    key: null,
    baseUrlRequired: false,
    models: ['hybrid', 'lexical'],
  },
  {
    id: 'openai',
    label: 'openai',
    hint: 'OpenAI API; needs the OpenAI key (or the generic key)',
    key: { slot: 'openai', required: true },
    baseUrlRequired: false,
    models: ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'gpt-4.1'],
  },
  {
    id: 'anthropic',
    label: 'anthropic',
    hint: "Anthropic API; needs the Anthropic key (or the generic key). Anthropic's current API ignores temperature.",
    key: { slot: 'anthropic', required: true },
    baseUrlRequired: false,
    models: ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1'],
  },
  {
    id: 'openai-compatible',
    label: 'openai-compatible',
    hint: 'Any OpenAI-style endpoint (Ollama, vLLM, LM Studio, OpenRouter); base URL required, key optional (generic key)',
    key: { slot: 'generic', required: false },
    baseUrlRequired: true,
    models: ['llama3.2', 'qwen2.5', 'mistral'],
  },
];

export function providerChoice(id: ProviderId): ProviderChoice {
  return PROVIDER_CHOICES.find((p) => p.id === id) ?? (PROVIDER_CHOICES[0] as ProviderChoice);
}
