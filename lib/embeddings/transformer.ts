import 'server-only';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import type { Calibration, EmbeddingProvider } from './types';
import { calibrationFor } from './calibration-data';
import { embedNonEmpty } from './empty-texts';
import { inspectModelDir, locateInModelRoot, type ModelFiles } from './transformer-files';
import { normalizeInPlace } from '@/lib/text/vector-math';

/**
 * Local sentence-transformer models run with @huggingface/transformers (ONNX Runtime on CPU):
 * the feature-extraction pipeline, mean pooling over real tokens, then L2 normalisation.
 */
export const DEFAULT_TRANSFORMER_MODEL = 'Xenova/all-MiniLM-L6-v2';
const HUB = 'https://huggingface.co';
/** Quantized weights for downloads: 23 MB instead of 90 MB, cosines within about 0.01 of fp32. */
const DOWNLOAD_DTYPE = 'q8';
const BATCH_SIZE = 32;
/** A download that gets no answer within this time is taken as "offline" (fetch has no timeout of its own). */
const CONNECT_TIMEOUT_MS = 15_000;
/** After a failed download, analyses in the next minute fall back at once instead of trying again. */
const DOWNLOAD_RETRY_AFTER_MS = 60_000;

export type TransformerSettings = {
  model: string;
  /** EMBEDDING_MODEL_DIR: a directory holding `<model>/` (wins over the cache and downloads). */
  modelRoot?: string;
  /** EMBEDDING_ALLOW_DOWNLOAD: fetch the model from the Hugging Face hub when it is not on disk. */
  allowDownload: boolean;
  /** Where downloads go and are found again: DATA_DIR/models. */
  cacheDir: string;
  calibration?: Calibration;
};

export function transformerSettingsFromEnv(model = DEFAULT_TRANSFORMER_MODEL): TransformerSettings {
  const env = getEnv();
  return {
    model,
    ...(env.embeddingModelDir ? { modelRoot: env.embeddingModelDir } : {}),
    allowDownload: env.embeddingAllowDownload,
    cacheDir: path.join(env.dataDir, 'models'),
  };
}

/** The model cannot be loaded; the message says why, in words fit for the fallback reason. */
export class TransformerUnavailableError extends Error {
  override name = 'TransformerUnavailableError';
}

type Tensor = { data: ArrayLike<number>; dims: number[] };
type Extractor = (texts: string[], options: { pooling: 'mean'; normalize: false }) => Promise<Tensor>;
type TransformersModule = typeof import('@huggingface/transformers');

const holder = globalThis as typeof globalThis & { __mcpEvalTransformerFailures?: Map<string, { at: number; message: string }> };
const downloadFailures = (holder.__mcpEvalTransformerFailures ??= new Map());

/** Loads the model (from EMBEDDING_MODEL_DIR, the download cache, or the hub) or throws TransformerUnavailableError. */
export async function loadTransformerProvider(settings: TransformerSettings): Promise<EmbeddingProvider & { revision: string; source: string }> {
  const { model } = settings;
  let extractor: Extractor;
  let source: string;
  let dtype: string;
  const local = findLocalFiles(settings);
  if ('dir' in local) {
    ({ extractor } = await openPipeline(local.dir, local.dtype, { local: true }));
    source = local.dir;
    dtype = local.dtype;
  } else {
    ({ extractor } = await download(settings, local.problem));
    source = `${HUB}/${model} (cached in ${settings.cacheDir})`;
    dtype = DOWNLOAD_DTYPE;
  }
  // One tiny inference learns the vector size and proves the model runs before anyone relies on it.
  const probe = await extractor(['dimension probe'], { pooling: 'mean', normalize: false }).catch((err: unknown) => {
    throw new TransformerUnavailableError(`${model} loaded but could not embed (${describeCause(err)})`);
  });
  const dimensions = probe.dims.at(-1) ?? 0;
  if (dimensions <= 0) throw new TransformerUnavailableError(`${model} produced no embedding`);
  return {
    model,
    kind: 'transformer',
    dimensions,
    calibration: settings.calibration ?? calibrationFor(model),
    revision: dtype,
    source,
    embed: (texts, options) => embedNonEmpty(texts, dimensions, (nonEmpty) => embedBatches(extractor, nonEmpty, dimensions, options?.signal)),
  };
}

function findLocalFiles(settings: TransformerSettings): ModelFiles | { problem: string } {
  if (settings.modelRoot) {
    const located = locateInModelRoot(settings.modelRoot, settings.model);
    // A configured directory is the user's explicit choice: report its problem, do not silently download instead.
    if (!('dir' in located)) throw new TransformerUnavailableError(`EMBEDDING_MODEL_DIR has no usable model: ${located.problem}`);
    return located;
  }
  const cached = inspectModelDir(path.join(settings.cacheDir, ...settings.model.split('/')));
  return 'dir' in cached ? cached : { problem: `no local model files in ${path.join(settings.cacheDir, settings.model)}` };
}

async function download(settings: TransformerSettings, localProblem: string): Promise<{ extractor: Extractor }> {
  const { model, cacheDir } = settings;
  if (!settings.allowDownload) {
    throw new TransformerUnavailableError(`offline: ${localProblem}, and downloads are disabled (EMBEDDING_ALLOW_DOWNLOAD=false); set EMBEDDING_MODEL_DIR to a directory holding ${model}/`);
  }
  const key = `${model}\u0000${cacheDir}`;
  const failed = downloadFailures.get(key);
  if (failed && Date.now() - failed.at < DOWNLOAD_RETRY_AFTER_MS) throw new TransformerUnavailableError(failed.message);
  try {
    const opened = await openPipeline(model, DOWNLOAD_DTYPE, { local: false, cacheDir });
    downloadFailures.delete(key);
    return opened;
  } catch (err) {
    const cause = describeCause(err);
    const offline = /fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|no answer within/i.test(cause);
    const message = `${offline ? 'offline: ' : ''}${localProblem}, and the download from ${HUB} failed (${cause})`;
    downloadFailures.set(key, { at: Date.now(), message });
    throw new TransformerUnavailableError(message);
  }
}

/**
 * Local models are opened by their absolute directory rather than by id under
 * env.localModelPath: transformers.js memoizes file lookups per model id (not per
 * localModelPath), so two directories holding the same id would be mixed up.
 */
async function openPipeline(modelOrDir: string, dtype: string, where: { local: boolean; cacheDir?: string }): Promise<{ extractor: Extractor }> {
  const tf = await importTransformers();
  // The library's settings are process-wide; loads are serialised by the registry, and a
  // local load never needs the network, so remote access is on only while downloading.
  tf.env.allowLocalModels = true;
  tf.env.allowRemoteModels = !where.local;
  if (where.cacheDir) tf.env.cacheDir = where.cacheDir;
  tf.env.fetch = fetchWithConnectTimeout;
  try {
    const pipe = await tf.pipeline('feature-extraction', modelOrDir, {
      dtype: dtype as 'fp32' | 'q8',
      local_files_only: where.local,
      ...(where.cacheDir ? { cache_dir: where.cacheDir } : {}),
    });
    return { extractor: (texts, options) => pipe(texts, options) as Promise<Tensor> };
  } catch (err) {
    if (!where.local) throw err;
    throw new TransformerUnavailableError(`the model files in ${modelOrDir} could not be loaded (${describeCause(err)})`);
  } finally {
    tf.env.allowRemoteModels = false;
  }
}

async function importTransformers(): Promise<TransformersModule> {
  try {
    const tf = await import('@huggingface/transformers');
    tf.env.logLevel = tf.LogLevel.ERROR;
    return tf;
  } catch (err) {
    throw new TransformerUnavailableError(`@huggingface/transformers could not be loaded (${describeCause(err)})`);
  }
}

async function embedBatches(extractor: Extractor, texts: string[], dimensions: number, signal?: AbortSignal): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += BATCH_SIZE) {
    // A batch cannot be interrupted, but a cancelled analysis need not wait for the rest.
    signal?.throwIfAborted();
    const batch = texts.slice(start, start + BATCH_SIZE);
    const tensor = await extractor(batch, { pooling: 'mean', normalize: false });
    const data = tensor.data instanceof Float32Array ? tensor.data : Float32Array.from(tensor.data);
    for (let row = 0; row < batch.length; row++) {
      // Normalised here rather than by the pipeline: its normalize divides a zero vector (a text of unknown tokens) into NaN.
      out.push(normalizeInPlace(data.slice(row * dimensions, (row + 1) * dimensions)));
    }
  }
  return out;
}

/** Like fetch, but gives up when no response has started within CONNECT_TIMEOUT_MS; a started body may take as long as it needs. */
function fetchWithConnectTimeout(input: string | URL, init?: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
  const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
  return fetch(input, { ...init, signal }).finally(() => clearTimeout(timer));
}

function describeCause(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e instanceof Error && parts.length < 3; e = e.cause) parts.push(e.message);
  const text = parts.length > 0 ? parts.join(': ') : String(err);
  return text.replace(/\s+/g, ' ').slice(0, 300);
}
