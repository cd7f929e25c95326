import 'server-only';
import { z } from 'zod';
import { getMeta, setMeta } from '@/db/queries/app-meta';
import { EMBEDDING_MODEL_IDS } from '../embeddings/types';

const KEY = 'similarity.embedding_model';

/** 'auto' = try the transformer model, fall back to word vectors (the analysis says which). */
export const EmbeddingModelSettingSchema = z.object({ embeddingModel: z.enum(['auto', ...EMBEDDING_MODEL_IDS]) }).strict();
export type EmbeddingModelSetting = z.infer<typeof EmbeddingModelSettingSchema>['embeddingModel'];

export async function getDefaultEmbeddingModel(): Promise<EmbeddingModelSetting> {
  const stored = await getMeta(KEY);
  const parsed = EmbeddingModelSettingSchema.shape.embeddingModel.safeParse(stored);
  return parsed.success ? parsed.data : 'auto';
}

export async function setDefaultEmbeddingModel(value: EmbeddingModelSetting): Promise<EmbeddingModelSetting> {
  await setMeta(KEY, value);
  return value;
}

/** The model an analysis uses when its request names none: undefined means automatic. */
export async function defaultEmbeddingModelRequest(): Promise<string | undefined> {
  const value = await getDefaultEmbeddingModel();
  return value === 'auto' ? undefined : value;
}
