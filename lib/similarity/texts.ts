import { humanizeName } from '@/lib/text/tokenize';
import type { SimilarityParameter, SimilarityTool } from './types';

/** The texts each tool is compared on. */

/**
 * What the embedding models embed for the description-only `similarity`: the description,
 * mixed afterwards with the embedding of the name (tool-vectors.ts), exactly as each model's
 * calibration was measured (embeddings/derive-calibration.ts); embedding other text would
 * shift what 0.85 means.
 */
export function descriptionText(tool: Pick<SimilarityTool, 'description'>): string {
  return tool.description;
}

/**
 * What TF-IDF compares (the description_overlap method and the description dimension): name
 * words plus description. TF-IDF is not calibrated, and a shared name word ("todo", "summary")
 * is the strongest lexical sign of overlap, as in the local provider's tool documents.
 */
export function lexicalText(tool: Pick<SimilarityTool, 'name' | 'description'>): string {
  return `${humanizeName(tool.name)}: ${tool.description}`;
}

function describeParameter(p: SimilarityParameter): string {
  const type = p.type ? ` (${p.type})` : '';
  return `${humanizeName(p.name)}${type}${p.description ? `: ${p.description}` : ''}`;
}

/** Description plus the parameters, for `fullSimilarity` (with the name too under TF-IDF). */
export function fullText(tool: SimilarityTool, base: (t: SimilarityTool) => string = descriptionText): string {
  if (tool.parameters.length === 0) return base(tool);
  return `${base(tool)} Parameters: ${tool.parameters.map(describeParameter).join('; ')}`;
}

/** Parameter names and descriptions only, for the parameters dimension of the overlap matrix. */
export function parameterText(tool: SimilarityTool): string {
  return tool.parameters.map(describeParameter).join('; ');
}
