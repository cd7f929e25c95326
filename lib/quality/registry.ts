import { annotationDestructiveConflict } from './rules/annotation-destructive-conflict';
import { annotationReadonlyConflict } from './rules/annotation-readonly-conflict';
import { annotationsMissing } from './rules/annotations-missing';
import { boilerplateShare } from './rules/boilerplate-share';
import { defaultUndocumented } from './rules/default-undocumented';
import { descriptionMissing } from './rules/description-missing';
import { descriptionTooLong } from './rules/description-too-long';
import { descriptionTooShort } from './rules/description-too-short';
import { enumUndocumented } from './rules/enum-undocumented';
import { examplesMissing } from './rules/examples-missing';
import { limitationsMissing } from './rules/limitations-missing';
import { nameDuplicate } from './rules/name-duplicate';
import { nameInvalid } from './rules/name-invalid';
import { nameTooLong } from './rules/name-too-long';
import { paramUndescribed } from './rules/param-undescribed';
import { paramUntyped } from './rules/param-untyped';
import { paramsUnexplained } from './rules/params-unexplained';
import { purposeUnclear } from './rules/purpose-unclear';
import { requiredUndeclared } from './rules/required-undeclared';
import { schemaNotObject } from './rules/schema-not-object';
import { schemaTooDeep } from './rules/schema-too-deep';
import { serverToolsOver128 } from './rules/server-tools-over-128';
import { serverToolsOver20 } from './rules/server-tools-over-20';
import { tooManyParams } from './rules/too-many-params';
import { usageGuidanceMissing } from './rules/usage-guidance-missing';
import type { QualityRule } from './types';

/**
 * Every lint rule, one row each, grouped by category in the order findings are listed.
 * A rule is one file in rules/; tests/quality-rules.test.ts holds a passing and a failing
 * example for each id and fails when a row has none.
 */
export const QUALITY_RULES = [
  // The rubric of "MCP Tool Descriptions Are Smelly!" (arXiv 2602.14878)
  descriptionMissing,
  purposeUnclear,
  usageGuidanceMissing,
  limitationsMissing,
  paramsUnexplained,
  descriptionTooShort,
  descriptionTooLong,
  examplesMissing,
  // MCP specification
  nameInvalid,
  nameDuplicate,
  annotationsMissing,
  annotationDestructiveConflict,
  annotationReadonlyConflict,
  // Schema hygiene
  schemaNotObject,
  paramUntyped,
  paramUndescribed,
  requiredUndeclared,
  enumUndocumented,
  defaultUndocumented,
  schemaTooDeep,
  tooManyParams,
  // Client limits
  serverToolsOver20,
  serverToolsOver128,
  nameTooLong,
  // Server boilerplate
  boilerplateShare,
] as const satisfies readonly QualityRule[];

export type QualityRuleId = (typeof QUALITY_RULES)[number]['id'];

export const RULES_BY_ID: ReadonlyMap<string, QualityRule> = new Map(QUALITY_RULES.map((r) => [r.id, r]));
