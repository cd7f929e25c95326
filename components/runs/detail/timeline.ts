import type { RunDetail } from '@/components/data/queries';
import type { CallSource, Trajectory, TrajectoryCall, TrajectoryStep } from '@/lib/eval/sequence/types';

export type CallVerdict = RunDetail['calls'][number];

/** Results longer than this are collapsed behind a "show" toggle with their size. */
export const COLLAPSE_FROM = 600;

export const SOURCE_LABELS: Record<CallSource, string> = { executed: 'executed', mock: 'mock', not_executed: 'not executed', error: 'error' };
export const SOURCE_TONES: Record<CallSource, 'ok' | 'bad' | 'idle' | 'info'> = { executed: 'ok', mock: 'info', not_executed: 'idle', error: 'bad' };

export const STOP_LABELS: Record<Trajectory['stop'], string> = {
  answered: 'The model answered without a further call.',
  max_steps: 'The loop reached the case’s maximum steps.',
  error: 'The provider failed; the calls so far are kept.',
  cancelled: 'The run was cancelled; the calls so far are kept.',
};

export type TimelineCall = { index: number; call: TrajectoryCall; verdicts: CallVerdict[] };
export type TimelineStep = { step: TrajectoryStep; calls: TimelineCall[] };

/**
 * The trajectory as steps, each with its calls (in the order made) and the per-call verdicts
 * that name them; expected calls no call paired with (FN, callIndex null) come apart.
 * Calls of a step the steps list lacks (a run cut off mid-turn) get a step of their own.
 */
export function buildTimeline(trajectory: Trajectory, verdicts: CallVerdict[]): { steps: TimelineStep[]; missing: CallVerdict[] } {
  const byCall = new Map<number, CallVerdict[]>();
  for (const v of verdicts) if (v.callIndex !== null) byCall.set(v.callIndex, [...(byCall.get(v.callIndex) ?? []), v]);
  const steps = new Map<number, TimelineStep>();
  for (const s of trajectory.steps) steps.set(s.step, { step: s, calls: [] });
  trajectory.calls.forEach((call, index) => {
    let entry = steps.get(call.step);
    if (!entry) {
      entry = { step: { step: call.step, text: null, callCount: 0, inputTokens: 0, outputTokens: 0, latencyMs: 0 }, calls: [] };
      steps.set(call.step, entry);
    }
    entry.calls.push({ index, call, verdicts: byCall.get(index) ?? [] });
  });
  return {
    steps: [...steps.values()].sort((a, b) => a.step.step - b.step.step),
    missing: verdicts.filter((v) => v.callIndex === null),
  };
}

/** "1,234 characters" / "12.3 kB" for a collapsed result. */
export function sizeNote(text: string): string {
  const bytes = new TextEncoder().encode(text).length;
  const chars = `${text.length.toLocaleString('en')} characters`;
  return bytes >= 10_000 ? `${chars}, ${(bytes / 1000).toFixed(1)} kB` : chars;
}
