import type { SimilarityTool } from '../types';
import type { PairEvidence } from './evidence';

export const ISSUE_TYPES = ['scope_clarity', 'example_distinctiveness', 'parameter_uniqueness', 'naming_clarity', 'terminology_overlap'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export type Priority = 'high' | 'medium' | 'low';

/** One RFC 6902 operation against the tool definition `{name, description, inputSchema}`. */
export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string };

export type Issue = {
  type: IssueType;
  /** The tool to edit. */
  tool: string;
  /** The tools it is confused with. */
  relatedTools: string[];
  recommendation: string;
  rationale: string;
  priority: Priority;
  /** The whole description as rewritten for this tool (one revision per tool, shared by its issues). */
  revisedDescription: string;
  /** RFC 6902 JSON Patch that applies this issue's fix to the tool definition. */
  applyCommands: JsonPatchOperation[];
};

/** A pair seen from one of its tools: `tool` is examined, `other` is what it is confused with. */
export type PairView = {
  tool: SimilarityTool;
  other: SimilarityTool;
  /** How texts name the two tools: the name, or the id when both tools share a name (two servers' `search`). */
  toolLabel: string;
  otherLabel: string;
  similarity: number;
  threshold: number;
  /** Words only the examined tool uses, most telling first: what sets it apart. */
  ownWords: string[];
  /** Words only the other tool uses. */
  otherWords: string[];
  /** What the definitions show about the pair (evidence.ts): what every sentence of a rule rests on. */
  evidence: PairEvidence;
};

/** What a rule wants changed in a parameter's description. */
export type ParameterEdit = { parameter: string; description: string };

export type Finding = {
  type: IssueType;
  priority: Priority;
  recommendation: string;
  rationale: string;
  /** Changes the description needs (the revision composes them); none for rename-only advice. */
  touchesDescription: boolean;
  parameterEdits?: ParameterEdit[];
  /** A better name, for naming issues (applied as a `replace /name`). */
  rename?: string;
};

export type IssueRule = {
  type: IssueType;
  description: string;
  detect(view: PairView): Finding | null;
};
