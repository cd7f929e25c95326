import type { ArgumentScore } from '../judge/arguments/score';
import type { Classification, ToolRef } from '../judge/classify';
import type { ConfidenceCategory } from '../judge/confidence';

export const RECOMMENDATION_TYPES = [
  'tool_confusion',
  'missing_tool_call',
  'unexpected_tool_call',
  'parameter_ambiguity',
  'hallucinated_parameter',
  'missing_required',
  'low_confidence',
  'description_quality',
] as const;
export type RecommendationType = (typeof RECOMMENDATION_TYPES)[number];

/** high: the run's outcome is wrong or the call would fail; medium: the call works but is off; low: advisory. */
export type Severity = 'high' | 'medium' | 'low';

export type Recommendation = {
  type: RecommendationType;
  severity: Severity;
  message: string;
  /** "server/tool" of the tool the advice is about. */
  tool?: string;
  /** "server/tool" of the tool it was confused with. */
  otherTool?: string;
  parameter?: string;
  /** 0..1 lexical similarity of the two descriptions (tool_confusion). */
  similarity?: number;
};

/** One tool of the run's snapshot, as the model was shown it. */
export type EvaluatedTool = { server: string; name: string; description: string; inputSchema: Record<string, unknown> };

export type RecommendInput = {
  classification: Classification;
  expected: ToolRef | null;
  selected: ToolRef | null;
  /** null when arguments were not scored (wrong tool or no tool). */
  argumentScore: ArgumentScore | null;
  confidence: number | null;
  category: ConfidenceCategory | null;
  tools: EvaluatedTool[];
  /** Whose confidence it is: a model's, or the local router's score margin (default: a model's). */
  confidenceBy?: 'model' | 'router';
};
