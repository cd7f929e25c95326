import 'server-only';
import { z } from 'zod';
import { getMeta, setMeta } from '@/db/queries/app-meta';
import { EMBEDDING_MODEL_IDS } from '../embeddings/types';

const KEY = 'similarity.embedding_model';

/** 'auto' = try the transformer model, fall back to word vectors (the analysis says which). */
export const EmbeddingModelSettingSchema = z.object({ embeddingModel: z.enum(['auto', ...EMBEDDING_MODEL_IDS]) }).strict();
export type EmbeddingModelSetting = z.infer<typeof EmbeddingModelSettingSchema>['embeddingModel'];

export function getDefaultEmbeddingModel(): EmbeddingModelSetting {
  const stored = getMeta(KEY);
  const parsed = EmbeddingModelSettingSchema.shape.embeddingModel.safeParse(stored);
  return parsed.success ? parsed.data : 'auto';
}

export function setDefaultEmbeddingModel(value: EmbeddingModelSetting): EmbeddingModelSetting {
  setMeta(KEY, value);
  return value;
}

/** The model an analysis uses when its request names none: undefined means automatic. */
export function defaultEmbeddingModelRequest(): string | undefined {
  const value = getDefaultEmbeddingModel();
  return value === 'auto' ? undefined : value;
}
