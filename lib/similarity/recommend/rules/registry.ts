import { ISSUE_TYPES, type IssueRule, type IssueType } from '../types';
import { exampleDistinctivenessRule } from './example-distinctiveness';
import { namingClarityRule } from './naming-clarity';
import { parameterUniquenessRule } from './parameter-uniqueness';
import { scopeClarityRule } from './scope-clarity';
import { terminologyOverlapRule } from './terminology-overlap';

/** One rule per issue type; a test checks every type has one. */
export const ISSUE_RULES: Record<IssueType, IssueRule> = {
  scope_clarity: scopeClarityRule,
  example_distinctiveness: exampleDistinctivenessRule,
  parameter_uniqueness: parameterUniquenessRule,
  naming_clarity: namingClarityRule,
  terminology_overlap: terminologyOverlapRule,
};

export const ORDERED_RULES: IssueRule[] = ISSUE_TYPES.map((t) => ISSUE_RULES[t]);
