/**
 * Provider and local-model ids without zod, so client components can import them without
 * pulling the request schemas into the browser bundle (types.ts re-exports them).
 */
export const PROVIDER_IDS = ['openai', 'anthropic', 'openai-compatible', 'local'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** The rankings the offline `local` provider offers as its `model` (lib/providers/local.ts). */
export const LOCAL_MODELS = ['hybrid', 'lexical'] as const;
export type LocalModel = (typeof LOCAL_MODELS)[number];
