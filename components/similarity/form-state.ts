import { DEFAULT_THRESHOLD, DEFAULT_WEIGHTS, isOpenAiModel } from '@/lib/similarity/defaults';
import { parsePasted } from './input/parse-pasted';
import type { SimilarityBody, SimilarityMethod } from './types';

export type SourceKind = 'servers' | 'paste' | 'urls';
export type WeightKey = keyof typeof DEFAULT_WEIGHTS;

/** Everything the form holds; numbers stay strings until submit so a half-typed "0." is not lost. */
export type SimilarityForm = {
  source: SourceKind;
  serverIds: string[];
  pasted: string;
  numberDuplicates: boolean;
  urls: string;
  method: SimilarityMethod;
  /** '' = automatic (the server picks and says why). */
  embeddingModel: string;
  openAiKey: string;
  threshold: string;
  computeFull: boolean;
  includeRecommendations: boolean;
  weights: Record<WeightKey, string>;
};

export const INITIAL_FORM: SimilarityForm = {
  source: 'servers',
  serverIds: [],
  pasted: '',
  numberDuplicates: false,
  urls: '',
  method: 'embedding',
  embeddingModel: '',
  openAiKey: '',
  threshold: String(DEFAULT_THRESHOLD),
  computeFull: false,
  includeRecommendations: true,
  weights: { semantic: String(DEFAULT_WEIGHTS.semantic), parameters: String(DEFAULT_WEIGHTS.parameters), description: String(DEFAULT_WEIGHTS.description) },
};

export type FormErrors = Partial<Record<'source' | 'threshold' | 'weights' | 'openAiKey', string>>;
export type BuiltRequest = { ok: true; body: SimilarityBody; headers: Record<string, string> } | { ok: false; errors: FormErrors };

const unit = (s: string): number | null => {
  const n = Number(s.trim());
  return s.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= 1 ? n : null;
};

export function parseUrls(text: string): { urls: string[]; invalid: string[] } {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const invalid = lines.filter((l) => {
    try {
      return !/^https?:$/.test(new URL(l).protocol);
    } catch {
      return true;
    }
  });
  return { urls: lines, invalid };
}

/** The source part of the request (servers, pasted tools or URLs), also read by the description lint. */
export function sourceBody(form: SimilarityForm): { body?: SimilarityBody; error?: string } {
  if (form.source === 'servers') {
    return form.serverIds.length ? { body: { serverIds: form.serverIds } } : { error: 'Choose at least one registered server.' };
  }
  if (form.source === 'urls') {
    const { urls, invalid } = parseUrls(form.urls);
    if (!urls.length) return { error: 'Enter the URL of at least one MCP server, one per line.' };
    if (invalid.length) return { error: `Not an http(s) URL: ${invalid.slice(0, 3).join(', ')}${invalid.length > 3 ? ', …' : ''}` };
    return { body: { urlList: urls } };
  }
  const parsed = parsePasted(form.pasted);
  if (!parsed.ok) return { error: parsed.error };
  const duplicates = form.numberDuplicates ? { duplicateIds: 'number' as const } : {};
  return { body: parsed.kind === 'serverList' ? { serverList: parsed.value, ...duplicates } : { toolList: parsed.value, ...duplicates } };
}

/** The request body and headers, or what to fix first. The OpenAI key goes in a header, only for an OpenAI model. */
export function buildRequest(form: SimilarityForm): BuiltRequest {
  const errors: FormErrors = {};
  const source = sourceBody(form);
  if (source.error) errors.source = source.error;
  const threshold = unit(form.threshold);
  if (threshold === null) errors.threshold = 'Enter a number from 0 to 1 (0.85 is the calibrated default).';
  const weights = { semantic: unit(form.weights.semantic), parameters: unit(form.weights.parameters), description: unit(form.weights.description) };
  if (weights.semantic === null || weights.parameters === null || weights.description === null) errors.weights = 'Each weight is a number from 0 to 1.';
  else if (weights.semantic + weights.parameters + weights.description <= 0) errors.weights = 'At least one weight must be above 0.';
  const wantsOpenAi = form.method === 'embedding' && isOpenAiModel(form.embeddingModel);
  if (wantsOpenAi && !form.openAiKey.trim()) errors.openAiKey = 'OpenAI models need an API key; or choose another model.';
  if (Object.keys(errors).length || !source.body || threshold === null || weights.semantic === null || weights.parameters === null || weights.description === null) {
    return { ok: false, errors };
  }
  const body: SimilarityBody = {
    ...source.body,
    method: form.method,
    ...(form.method === 'embedding' && form.embeddingModel ? { embeddingModel: form.embeddingModel } : {}),
    similarityThreshold: threshold,
    computeFullSimilarity: form.computeFull,
    includeRecommendations: form.includeRecommendations,
    weights: { semantic: weights.semantic, parameters: weights.parameters, description: weights.description },
  };
  return { ok: true, body, headers: wantsOpenAi ? { 'X-OpenAI-API-Key': form.openAiKey.trim() } : {} };
}
