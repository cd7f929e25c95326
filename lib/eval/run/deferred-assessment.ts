import 'server-only';
import { recordAssessmentSoon, type AssessmentWrite, type ConfidenceSource } from '@/db/queries/run-confidence';
import { log } from '../../log';
import type { ProviderDefinition, Selection, SelectionRequest, SelfAssessment } from '../../providers/types';
import { judgeRun, type JudgeInput } from '../judge/judge';
import type { CircuitBreakers } from './circuit-breaker';
import { describeRunError, isProviderOutage } from './run-errors';
import { runSignal } from './run-signal';

/**
 * Everything the self-assessment of a samples = 1 run needs: the request as the selection
 * saw it (without its signal: a deferred turn outlives the run's), the selection, and the
 * judge's input, so the confidence-dependent parts of the verdict (confidence, category,
 * reasoning, recommendations) come out exactly as if the assessment had been in hand.
 */
export type PendingAssessment = {
  runId: string;
  provider: Pick<ProviderDefinition, 'assessConfidence'>;
  request: Omit<SelectionRequest, 'signal'>;
  selection: Selection;
  breakers: CircuitBreakers;
  breakerKey: string;
  judgeInput: JudgeInput;
  source: ConfidenceSource;
};

/** The follow-up turn's answer, or why there is none (an unrated run, never a failed one). */
export type AssessmentResult = { assessment: SelfAssessment; error: null } | { assessment: null; error: string };

/** Asks for the self-assessment under `signal`. Never throws. */
export async function askAssessment(p: PendingAssessment, signal: AbortSignal): Promise<AssessmentResult> {
  try {
    if (signal.aborted) throw signal.reason;
    const assessment = await p.breakers.run(p.breakerKey, () => p.provider.assessConfidence({ ...p.request, signal, selection: p.selection }), isProviderOutage);
    return { assessment, error: null };
  } catch (err) {
    return { assessment: null, error: signal.aborted ? 'cancelled before the self-assessment finished' : describeRunError(err, p.request.apiKey) };
  }
}

/** What the run and its evaluation take from an assessment result. */
export function assessmentWrite(p: PendingAssessment, result: AssessmentResult): AssessmentWrite {
  const verdict = judgeRun({ ...p.judgeInput, assessment: result.assessment });
  const a = result.assessment;
  return {
    confidenceScore: verdict.confidence,
    confidenceCategory: verdict.category,
    confidenceSource: verdict.confidence === null ? null : p.source,
    reasoning: verdict.evaluation.reasoning ?? null,
    recommendations: verdict.evaluation.recommendations ?? null,
    assessment: a ? { confidence: a.confidence, reasoning: a.reasoning, response: a.raw } : null,
    assessmentError: result.error,
    usage: a ? a.usage : { inputTokens: 0, outputTokens: 0 },
  };
}

/**
 * The deferred path: the follow-up turn after the verdict is stored, then its write in a
 * second short transaction (shared with the assessments that return in the same tick). Never throws; a failed or cancelled assessment leaves the
 * verdict as it is and the confidence unrated, the reason in llm_response_raw.assessmentError.
 * `modelCallDone` is told when the model has answered (or failed), before the write: a pool that
 * bounds the model calls in flight (the batch's) gives the next assessment its place then.
 * `verdict`, when the turn was asked for before the verdict was stored: the write waits for it,
 * and is left out when it answers false (the run's verdict could not be written).
 */
export async function assessAndRecord(p: PendingAssessment, jobSignal: AbortSignal, modelCallDone?: () => void, verdict?: Promise<boolean>): Promise<void> {
  const scope = runSignal(jobSignal);
  let write: AssessmentWrite;
  try {
    const result = await askAssessment(p, scope.signal);
    modelCallDone?.();
    write = assessmentWrite(p, result);
  } finally {
    scope.release();
  }
  if (verdict && !(await verdict)) return;
  try {
    if (!(await recordAssessmentSoon(p.runId, write))) log.info('self-assessment of a run that is gone', { runId: p.runId });
  } catch (err) {
    log.warn('could not record a self-assessment', { runId: p.runId, error: err instanceof Error ? err.message : String(err) });
  }
}
