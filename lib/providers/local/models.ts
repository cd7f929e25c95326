/** The rankings the offline `local` provider offers as its `model` (local/provider.ts). Plain data: the launch form reads it. */
export const LOCAL_MODELS = ['hybrid', 'lexical'] as const;
export type LocalModel = (typeof LOCAL_MODELS)[number];

/** The row-level model check of the local provider (an LLM provider accepts any model name). */
export function validateLocalModel(model: string): string | null {
  return (LOCAL_MODELS as readonly string[]).includes(model)
    ? null
    : `the local provider's model is one of ${LOCAL_MODELS.join(', ')} (hybrid: TF-IDF + word vectors; lexical: TF-IDF only)`;
}
