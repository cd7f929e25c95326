import { describe, expect, it } from 'vitest';
import type { Trajectory, TrajectoryCall } from '@/lib/eval/sequence/types';
import { buildTimeline, sizeNote, type CallVerdict } from './timeline';

const call = (step: number, tool: string): TrajectoryCall => ({
  step,
  exposedName: tool,
  server: 'todo',
  tool,
  arguments: {},
  source: 'executed',
  result: { text: '{}', isError: false },
  durationMs: 3,
});

describe('run timeline', () => {
  it('groups calls under their step, pairs verdicts by call index and lists missing calls apart', () => {
    const trajectory: Trajectory = {
      steps: [
        { step: 0, text: null, callCount: 2, inputTokens: 10, outputTokens: 5, latencyMs: 100 },
        { step: 1, text: 'done', callCount: 0, inputTokens: 20, outputTokens: 2, latencyMs: 50 },
      ],
      // Step 2 is missing from steps (the run was cut off mid-turn): its call still shows.
      calls: [call(0, 'search_todos'), call(0, 'delete_todo'), call(2, 'update_todo')],
      finalText: 'done',
      stop: 'cancelled',
    };
    const verdicts: CallVerdict[] = [
      { expectedIndex: 0, callIndex: 0, outcome: 'TP', server: 'todo', tool: 'search_todos', argumentCorrectness: 1, failureReasons: [] },
      { expectedIndex: 1, callIndex: null, outcome: 'FN', server: 'todo', tool: 'complete', argumentCorrectness: null, failureReasons: ['missing_call:complete'] },
      { expectedIndex: null, callIndex: 1, outcome: 'FP', server: 'todo', tool: 'delete_todo', argumentCorrectness: null, failureReasons: ['forbidden_tool:delete_todo'] },
    ];
    const { steps, missing } = buildTimeline(trajectory, verdicts);
    expect(steps.map((s) => [s.step.step, s.calls.map((c) => [c.index, c.call.tool, c.verdicts.map((v) => v.outcome)])])).toEqual([
      [0, [[0, 'search_todos', ['TP']], [1, 'delete_todo', ['FP']]]],
      [1, []],
      [2, [[2, 'update_todo', []]]],
    ]);
    expect(missing.map((m) => m.tool)).toEqual(['complete']);
  });

  it('says the size of a folded result', () => {
    expect(sizeNote('x'.repeat(1234))).toBe('1,234 characters');
    expect(sizeNote('é'.repeat(6000))).toBe('6,000 characters, 12.0 kB');
  });
});
