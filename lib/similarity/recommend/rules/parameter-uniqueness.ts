import { measureTextSimilarity } from '@/lib/text/text-similarity';
import { humanizeName } from '@/lib/text/tokenize';
import { normalizeParameterName, sharedParameterNames } from '../../parameter-overlap';
import type { SimilarityParameter } from '../../types';
import type { IssueRule, ParameterEdit, PairView } from '../types';
import { listWords } from '../words';

/** Two parameter descriptions this alike tell a model nothing about which tool wants the value. */
const SAME_TEXT = 0.8;
const MIN_SHARED_FRACTION = 0.5;

function find(params: readonly SimilarityParameter[], name: string): SimilarityParameter | undefined {
  const key = normalizeParameterName(name);
  return params.find((p) => normalizeParameterName(p.name) === key);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function revisedParameterDescription(param: SimilarityParameter, view: PairView): string {
  const purpose = view.ownWords.length ? ` (${listWords(view.ownWords.slice(0, 2))})` : '';
  const base = param.description ? param.description.replace(/[.\s]+$/, '') : capitalize(humanizeName(param.name));
  return `${base}, as ${view.toolLabel} uses it${purpose}; not the ${param.name} of ${view.otherLabel}.`;
}

export const parameterUniquenessRule: IssueRule = {
  type: 'parameter_uniqueness',
  description: 'Confusable tools taking the same parameters, described the same way or not at all',
  detect(view) {
    const { tool, other } = view;
    const shared = sharedParameterNames(tool.parameters, other.parameters);
    const smaller = Math.min(tool.parameters.length, other.parameters.length);
    if (shared.length === 0 || shared.length < smaller * MIN_SHARED_FRACTION) return null;
    const ambiguous = shared.flatMap((name) => {
      const mine = find(tool.parameters, name);
      const theirs = find(other.parameters, name);
      if (!mine) return [];
      const blank = !mine.description;
      return blank || measureTextSimilarity(mine.description, theirs?.description ?? '') >= SAME_TEXT ? [{ param: mine, blank }] : [];
    });
    if (ambiguous.length === 0) return null;
    const edits: ParameterEdit[] = ambiguous.map(({ param }) => ({ parameter: param.name, description: revisedParameterDescription(param, view) }));
    const names = listWords(ambiguous.map((a) => a.param.name));
    const how = ambiguous.every((a) => a.blank) ? 'without a description' : 'described as in the other tool (or not at all)';
    return {
      type: 'parameter_uniqueness',
      priority: shared.length === smaller && view.similarity >= (1 + view.threshold) / 2 ? 'high' : 'medium',
      recommendation: `Describe what ${names} means for ${view.toolLabel} specifically.`,
      rationale: `${view.toolLabel} shares ${shared.length} of its ${tool.parameters.length} parameter(s) with ${view.otherLabel} (${listWords(shared)}); ${names} ${ambiguous.length > 1 ? 'are' : 'is'} ${how}, so the arguments do not tell the tools apart either.`,
      touchesDescription: false,
      parameterEdits: edits,
    };
  },
};
