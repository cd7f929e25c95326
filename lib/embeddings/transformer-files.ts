import 'server-only';
import fs from 'node:fs';
import path from 'node:path';

/** The ONNX weights we can run, in order of preference (full precision first), with the dtype that selects each. */
const ONNX_FILES = [
  { file: 'onnx/model.onnx', dtype: 'fp32' },
  { file: 'onnx/model_quantized.onnx', dtype: 'q8' },
] as const;
export type OnnxDtype = (typeof ONNX_FILES)[number]['dtype'];

/** transformers.js 4 reads tokenizer_config.json as well as tokenizer.json (without it the tokenizer does not load). */
const REQUIRED_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json'] as const;

export type ModelFiles = { dir: string; dtype: OnnxDtype };

/** The model's files in `dir`, or why they cannot be used (a phrase for the fallback reason). */
export function inspectModelDir(dir: string): ModelFiles | { problem: string } {
  if (!fs.existsSync(dir)) return { problem: `no directory ${dir}` };
  const missing: string[] = REQUIRED_FILES.filter((f) => !fs.existsSync(path.join(dir, f)));
  const weights = ONNX_FILES.find((o) => fs.existsSync(path.join(dir, o.file)));
  if (!weights) missing.push('onnx/model.onnx (or onnx/model_quantized.onnx)');
  if (missing.length > 0 || !weights) return { problem: `${dir} lacks ${missing.join(', ')}` };
  return { dir, dtype: weights.dtype };
}

/**
 * Where a configured model directory keeps `model`: `<root>/<model id>/` as the brief for
 * EMBEDDING_MODEL_DIR says (e.g. <root>/Xenova/all-MiniLM-L6-v2/), or `<root>` itself when it
 * already is the model's directory.
 */
export function locateInModelRoot(root: string, model: string): ModelFiles | { problem: string } {
  const nested = inspectModelDir(path.join(root, ...model.split('/')));
  if ('dir' in nested) return nested;
  const flat = inspectModelDir(root);
  return 'dir' in flat ? flat : nested;
}
