/**
 * lib/eval/judge/: how a run is judged, from the model's answers and the test case alone
 * (no I/O). judge.ts is the one entry: it picks the modal selection (selection.ts),
 * classifies it TP/FP/TN/FN (classify.ts), scores the arguments (arguments/, one file per
 * $matcher), derives confidence and pass^k (confidence.ts) and adds the
 * advice of ../advice/. The other files here import nothing from the rest of lib/eval.
 */
import type { NewToolDefinition } from '@/db/queries/runs';
import type { TestCaseWithServers } from '@/db/queries/test-cases';
import type { evaluationResults } from '@/db/schema';
import { getArgumentMatchingProfile } from './arguments/profiles/registry';
import { scoreArguments, type ArgumentScore } from './arguments/score';
import { classify, findSelectionFailure, isCorrect, isSameTool, type Classification, type ToolRef } from './classify';
import { confidenceCategory, passK, type ConfidenceCategory } from './confidence';
import { explain } from '../advice/reasoning';
import { recommend } from '../advice/recommend';
import type { EvaluatedTool } from '../advice/types';
import { modalSelection } from './selection';

/** One answer of the model, mapped back from the exposed tool name. */
export type SampleOutcome = {
  /** null: no tool called. A name the model invented maps to server "(unknown)". */
  selected: ToolRef | null;
  calledName: string | null;
  arguments: Record<string, unknown> | null;
  argumentsError: string | null;
};

export const UNKNOWN_SERVER = '(unknown)';

export type JudgeInput = {
  testCase: Pick<TestCaseWithServers, 'expectedMcpServerName' | 'expectedToolName' | 'expectedParameters'> &
    Partial<Pick<TestCaseWithServers, 'argumentMatching'>>;
  snapshot: Pick<NewToolDefinition, 'serverName' | 'name' | 'description' | 'inputSchema'>[];
  samples: SampleOutcome[];
  /**
   * The model's self-assessment (samples = 1), or a deterministic provider's own confidence at
   * any samples (the local router's score margin), if it gave one; it is the run's confidence.
   */
  assessment: { confidence: number; reasoning: string } | null;
  /** Who wrote the assessment's reasoning: a model, or the local router (its scores). */
  assessmentBy?: 'model' | 'router';
};

export type Verdict = {
  sampleIndex: number;
  selected: ToolRef | null;
  arguments: Record<string, unknown> | null;
  classification: Classification;
  confidence: number | null;
  category: ConfidenceCategory | null;
  failureReasons: string[];
  evaluation: Omit<typeof evaluationResults.$inferInsert, 'id' | 'testRunId'>;
};

function expectedOf(tc: JudgeInput['testCase']): ToolRef | null {
  return tc.expectedMcpServerName && tc.expectedToolName ? { server: tc.expectedMcpServerName, tool: tc.expectedToolName } : null;
}

/**
 * How to judge: the selection (modal across samples), its classification, argument scores
 * when the tool is right, confidence and its category, reasoning and recommendations.
 */
export function judgeRun(input: JudgeInput): Verdict {
  const expected = expectedOf(input.testCase);
  if (input.samples.length === 0) throw new Error('judgeRun needs at least one sample');
  const multi = input.samples.length > 1;
  const modal = multi ? modalSelection(input.samples) : { index: 0, agreement: 1 };
  const chosen = input.samples[modal.index] as SampleOutcome;
  const classification = classify(expected, chosen.selected);
  const correct = isCorrect(classification);

  const tools: EvaluatedTool[] = input.snapshot.map((t) => ({ server: t.serverName, name: t.name, description: t.description ?? '', inputSchema: t.inputSchema }));
  const chosenTool = chosen.selected ? tools.find((t) => t.server === chosen.selected?.server && t.name === chosen.selected?.tool) : undefined;
  const profile = getArgumentMatchingProfile(input.testCase.argumentMatching);
  const argumentScore: ArgumentScore | null =
    expected && isSameTool(expected, chosen.selected) && chosenTool
      ? scoreArguments({ expected: input.testCase.expectedParameters ?? null, actual: chosen.arguments, inputSchema: chosenTool.inputSchema, profile })
      : null;

  // An assessment given with several samples is a deterministic provider's own (its samples always agree).
  const confidence = input.assessment ? input.assessment.confidence : multi ? modal.agreement : null;
  const category = confidenceCategory(confidence, correct);
  const passed = multi ? passK(input.samples.map((s) => isCorrect(classify(expected, s.selected)))) : null;

  const selectionFailure = findSelectionFailure(expected, chosen.selected);
  const failureReasons = [
    ...(selectionFailure ? [selectionFailure] : []),
    ...(chosen.selected?.server === UNKNOWN_SERVER ? [`unknown_tool:${chosen.selected.tool}`] : []),
    ...(argumentScore?.failureReasons ?? []),
  ];
  const judged = { classification, expected, selected: chosen.selected, argumentScore, confidence, category, tools, confidenceBy: input.assessmentBy ?? 'model' };
  const recommendations = recommend(judged);
  const reasoning = explain({ ...judged, modelReasoning: input.assessment?.reasoning ?? null, reasoningBy: input.assessmentBy ?? 'model' });

  return {
    sampleIndex: modal.index,
    selected: chosen.selected,
    arguments: chosen.arguments,
    classification,
    confidence,
    category,
    failureReasons,
    evaluation: {
      classification,
      expectedServer: expected?.server ?? null,
      expectedTool: expected?.tool ?? null,
      selectedServer: chosen.selected?.server ?? null,
      selectedTool: chosen.selected?.tool ?? null,
      toolCorrect: isSameTool(expected, chosen.selected),
      parameterCompleteness: argumentScore?.completeness ?? null,
      parameterCorrectness: argumentScore?.correctness ?? null,
      typeConformance: argumentScore?.typeConformance ?? null,
      hallucinatedParameters: argumentScore?.hallucinatedParameters ?? null,
      missingRequired: argumentScore?.missingRequired ?? null,
      typeErrors: argumentScore?.typeErrors ?? null,
      failureReasons,
      confidenceScore: confidence,
      confidenceCategory: category,
      passK: passed,
      reasoning,
      recommendations,
      argumentMatching: profile.id,
    },
  };
}
