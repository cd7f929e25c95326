/**
 * Analysis defaults and model facts without zod, shared by the request schema (schemas.ts)
 * and the similarity page, so the browser bundle does not carry the schemas.
 */
export const DEFAULT_THRESHOLD = 0.85;
export const DEFAULT_TOP_K = 5;
export const DEFAULT_WEIGHTS = { semantic: 0.5, parameters: 0.3, description: 0.2 } as const;

/** OpenAI's embedding models are the ones that need a key (X-OpenAI-API-Key). */
export function isOpenAiModel(model: string): boolean {
  return model.startsWith('text-embedding-');
}
