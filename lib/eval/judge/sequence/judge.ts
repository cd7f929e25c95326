/**
 * The sequence judge (issue 17): scores a whole trajectory of calls against a test case's
 * expected calls. Pure: no I/O. The rules (also in the README, "Sequence verdicts"):
 *
 * - Calls pair with expected calls by server AND tool (match.ts: in order for callOrder
 *   'exact', best argument score for 'any'). Each expected call is TP (paired) or FN
 *   (`missing_call:<tool>`); every unpaired call is FP: `forbidden_tool:<tool>` when the case
 *   forbids it, else `extra_call:<tool>` (plus `unknown_tool:<name>` for an invented name).
 * - A positive case is TP when every expected call was made, in order when callOrder is
 *   'exact' (a call made but out of order is a per-call TP with `out_of_order`, and fails the
 *   case), and no forbidden tool was called; otherwise FN. Extra calls that are not forbidden
 *   are counted as per-call FPs but do not fail the case.
 * - A negative case (no expected calls) is TN when no call was made, FP otherwise.
 * - Arguments do not change the classification (as in selection mode): each paired call gets
 *   its argument scores (scoreArguments with the case's argumentMatching), and `$fromResult`
 *   values are read from the paired earlier call's result; one that cannot be read is a value
 *   mismatch (`from_result_unresolved:<param>`).
 * - `max_steps` (the loop stopped at maxSteps) and `tool_error:<tool>` (a result with isError
 *   was fed back) are reported and do not change the classification.
 */
import type { ArgumentMatchingId } from '@/db/schema';
import type { CallOrder, CallVerdict, ExpectedCall, Trajectory, TrajectoryCall } from '@/lib/eval/sequence/types';
import { getArgumentMatchingProfile } from '../arguments/profiles/registry';
import { scoreArguments, type ArgumentScore } from '../arguments/score';
import type { Classification, ToolRef } from '../classify';
import { resolveFromResults } from './from-result';
import { matchAnyOrder, matchInOrder, type Pairing } from './match';

export const UNKNOWN_SERVER = '(unknown)';

export type SequenceJudgeInput = {
  testCase: {
    /** The effective list (expected.ts): [] for a negative case. */
    expectedCalls: ExpectedCall[];
    callOrder: CallOrder;
    forbiddenTools: ToolRef[] | null;
    argumentMatching?: ArgumentMatchingId | null;
  };
  trajectory: Pick<Trajectory, 'calls' | 'stop'>;
  snapshot: { serverName: string; name: string; inputSchema: Record<string, unknown> }[];
};

export type SequenceVerdict = {
  classification: Classification;
  /** Case-level reasons, de-duplicated; argument reasons of a paired call read `<tool>:<reason>`. */
  failureReasons: string[];
  /** Expected calls first (TP or FN, in expectedCalls order), then unexpected calls (FP, in call order). */
  calls: CallVerdict[];
  /** Argument scores per expected call, null when missing. */
  argumentScores: (ArgumentScore | null)[];
  /** Means over the paired calls' scores (null when none was scored). */
  parameterCompleteness: number | null;
  parameterCorrectness: number | null;
  typeConformance: number | null;
  /** The first expected call and the first call made, for the existing per-case metrics. */
  firstExpected: ToolRef | null;
  firstSelected: ToolRef | null;
};

const refOf = (c: { server: string; tool: string }): ToolRef => ({ server: c.server, tool: c.tool });

function scorePair(
  input: SequenceJudgeInput,
  expectedIndex: number,
  call: TrajectoryCall,
  paired: Pairing[],
): ArgumentScore {
  const expected = input.testCase.expectedCalls[expectedIndex] as ExpectedCall;
  const lookup = (i: number) => {
    const p = paired.find((x) => x.expectedIndex === i);
    return i < expectedIndex && p ? input.trajectory.calls[p.callIndex]?.result : undefined;
  };
  const resolved = resolveFromResults(expected.arguments ?? null, lookup);
  const tool = input.snapshot.find((t) => t.serverName === call.server && t.name === call.tool);
  const inputSchema = tool?.inputSchema ?? { type: 'object' };
  const profile = getArgumentMatchingProfile(input.testCase.argumentMatching);
  const score = scoreArguments({ expected: resolved.expected, actual: call.arguments, inputSchema, profile });
  if (resolved.unresolved.length === 0) return score;
  // A $fromResult that reads nothing is a mismatch of its argument: fold those keys back into the shares.
  const total = Object.keys(expected.arguments ?? {}).length;
  const resolvedCount = total - resolved.unresolved.length;
  const present = resolved.unresolved.filter((u) => call.arguments !== null && Object.hasOwn(call.arguments, u.param)).length;
  const correctness = call.arguments === null ? 0 : (resolvedCount > 0 ? (score.correctness ?? 1) * resolvedCount : 0) / total;
  const completeness = call.arguments === null ? 0 : ((resolvedCount > 0 ? score.completeness * resolvedCount : 0) + present) / total;
  return {
    ...score,
    completeness,
    correctness,
    mismatches: [
      ...score.mismatches,
      ...resolved.unresolved.map((u) => ({ param: u.param, expected: expected.arguments?.[u.param], actual: call.arguments?.[u.param], note: u.reason })),
    ],
    failureReasons: [...new Set([...score.failureReasons, ...resolved.unresolved.flatMap((u) => [`value_mismatch:${u.param}`, `from_result_unresolved:${u.param}`])])],
  };
}

const mean = (values: (number | null)[]): number | null => {
  const xs = values.filter((v): v is number => v !== null);
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
};

export function judgeSequence(input: SequenceJudgeInput): SequenceVerdict {
  const { expectedCalls, callOrder } = input.testCase;
  const forbidden = input.testCase.forbiddenTools ?? [];
  const calls = input.trajectory.calls;
  const callKeys = calls.map(refOf);
  const expectedKeys = expectedCalls.map(refOf);

  let pairs: Pairing[];
  const scores = new Map<number, ArgumentScore>();
  if (callOrder === 'any') {
    pairs = matchAnyOrder(expectedKeys, callKeys, (e, c, paired) => {
      const s = scorePair(input, e, calls[c] as TrajectoryCall, paired);
      return s.correctness ?? 1;
    });
  } else {
    pairs = matchInOrder(expectedKeys, callKeys);
  }
  // Scored in expected order, so each $fromResult reads an already paired earlier call.
  for (const p of pairs) scores.set(p.expectedIndex, scorePair(input, p.expectedIndex, calls[p.callIndex] as TrajectoryCall, pairs));

  const toolErrors = (call: TrajectoryCall) => (call.result.isError ? [`tool_error:${call.tool}`] : []);
  const verdicts: CallVerdict[] = expectedCalls.map((e, expectedIndex) => {
    const pair = pairs.find((p) => p.expectedIndex === expectedIndex);
    if (!pair) return { expectedIndex, callIndex: null, outcome: 'FN', argumentCorrectness: null, failureReasons: [`missing_call:${e.tool}`] };
    const score = scores.get(expectedIndex) as ArgumentScore;
    const call = calls[pair.callIndex] as TrajectoryCall;
    return {
      expectedIndex,
      callIndex: pair.callIndex,
      outcome: 'TP',
      argumentCorrectness: score.correctness,
      failureReasons: [...(pair.outOfOrder ? ['out_of_order'] : []), ...toolErrors(call), ...score.failureReasons],
    };
  });
  const pairedCalls = new Set(pairs.map((p) => p.callIndex));
  calls.forEach((call, callIndex) => {
    if (pairedCalls.has(callIndex)) return;
    const isForbidden = forbidden.some((f) => f.server === call.server && f.tool === call.tool);
    verdicts.push({
      expectedIndex: null,
      callIndex,
      outcome: 'FP',
      argumentCorrectness: null,
      failureReasons: [
        isForbidden ? `forbidden_tool:${call.tool}` : `extra_call:${call.tool}`,
        ...(call.server === UNKNOWN_SERVER ? [`unknown_tool:${call.tool}`] : []),
        ...toolErrors(call),
      ],
    });
  });

  const forbiddenCalled = verdicts.some((v) => v.failureReasons.some((r) => r.startsWith('forbidden_tool:')));
  const outOfOrder = pairs.some((p) => p.outOfOrder);
  let classification: Classification;
  if (expectedCalls.length === 0) classification = calls.length === 0 ? 'TN' : 'FP';
  else classification = pairs.length === expectedCalls.length && !outOfOrder && !forbiddenCalled ? 'TP' : 'FN';

  const reasons: string[] = [];
  if (expectedCalls.length === 0 && calls.length > 0) reasons.push('unexpected_tool_call');
  if (outOfOrder) reasons.push('out_of_order');
  for (const v of verdicts) {
    const tool = v.expectedIndex !== null ? (expectedCalls[v.expectedIndex] as ExpectedCall).tool : (calls[v.callIndex as number] as TrajectoryCall).tool;
    for (const r of v.failureReasons) {
      if (r === 'out_of_order') continue;
      const sequenceReason = /^(missing_call|extra_call|forbidden_tool|unknown_tool|tool_error):/.test(r);
      reasons.push(sequenceReason ? r : `${tool}:${r}`);
    }
  }
  if (input.trajectory.stop === 'max_steps') reasons.push('max_steps');

  const argumentScores = expectedCalls.map((_, i) => scores.get(i) ?? null);
  const scored = argumentScores.filter((s): s is ArgumentScore => s !== null);
  return {
    classification,
    failureReasons: [...new Set(reasons)],
    calls: verdicts,
    argumentScores,
    parameterCompleteness: mean(scored.map((s) => s.completeness)),
    parameterCorrectness: mean(scored.map((s) => s.correctness)),
    typeConformance: mean(scored.map((s) => s.typeConformance)),
    firstExpected: expectedCalls[0] ? refOf(expectedCalls[0]) : null,
    firstSelected: calls[0] ? refOf(calls[0]) : null,
  };
}
