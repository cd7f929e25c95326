import type { IssueRule } from '../types';
import { paragraph, plural } from '../sentences';
import { listWords } from '../words';

const MIN_SHARED_FRACTION = 0.5;

/**
 * Shared parameters the examined tool leaves undescribed: a model has only the name to go on,
 * and the other tool takes the same name. Nothing specific can be written for them from the
 * definitions alone, so the advice names them and proposes no text.
 */
export const parameterUniquenessRule: IssueRule = {
  type: 'parameter_uniqueness',
  description: 'Confusable tools taking the same parameters, which this tool does not describe',
  detect(view) {
    const { evidence: e, tool, toolLabel: a, otherLabel: b } = view;
    const p = e.parameters;
    const smaller = Math.min(tool.parameters.length, view.other.parameters.length);
    if (p.shared.length === 0 || p.shared.length < smaller * MIN_SHARED_FRACTION || p.undescribed.length === 0) return null;
    const names = listWords(p.undescribed.slice(0, 4));
    const many = p.undescribed.length > 1;
    return {
      type: 'parameter_uniqueness',
      priority: p.same && view.similarity >= (1 + view.threshold) / 2 ? 'high' : 'medium',
      recommendation: paragraph([`Describe ${names} in ${a}, with the values ${plural(p.undescribed.length, 'it takes', 'each takes')} in this tool`]),
      rationale: paragraph([
        `${many ? 'These parameters have' : 'This parameter has'} no description in ${a}, and ${b} takes ${many ? 'parameters' : 'a parameter'} of the same name`,
        `The arguments give a model nothing to choose by`,
      ]),
      touchesDescription: false,
    };
  },
};
