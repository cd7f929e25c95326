// Values mirrored from lib/similarity/schemas.ts: importing that module would pull zod and the provider schemas into the client bundle.
export const DEFAULT_THRESHOLD = 0.85;
export const DEFAULT_WEIGHTS = { semantic: 0.5, parameters: 0.3, description: 0.2 } as const;
export const OPENAI_MODEL_PREFIX = 'text-embedding-';

export function isOpenAiModel(model: string): boolean {
  return model.startsWith(OPENAI_MODEL_PREFIX);
}
