import { describe, expect, it } from 'vitest';
import type { ExpectedCall, TrajectoryCall } from '@/lib/eval/sequence/types';
import { effectiveExpectedCalls } from './expected';
import { judgeSequence, type SequenceJudgeInput } from './judge';

const schema = (props: string[], required: string[] = []) => ({ type: 'object', properties: Object.fromEntries(props.map((p) => [p, { type: p === 'id' || p === 'limit' ? 'integer' : 'string' }])), required });
const snapshot = [
  { serverName: 'todo', name: 'search_todos', inputSchema: schema(['query', 'limit'], ['query']) },
  { serverName: 'todo', name: 'update_todo', inputSchema: schema(['id', 'status'], ['id']) },
  { serverName: 'todo', name: 'delete_todo', inputSchema: schema(['id'], ['id']) },
  { serverName: 'todo', name: 'list_todos', inputSchema: schema([]) },
];

let step = 0;
function call(tool: string, args: Record<string, unknown> | null, result: unknown = { ok: true }, over: Partial<TrajectoryCall> = {}): TrajectoryCall {
  const text = typeof result === 'string' ? result : JSON.stringify(result);
  return { step: step++, exposedName: tool, server: 'todo', tool, arguments: args, source: 'executed', result: { text, isError: false, ...(typeof result === 'string' ? {} : { json: result }) }, durationMs: 3, ...over };
}

const SEARCH = { server: 'todo', tool: 'search_todos', arguments: { query: 'milk' } };
const UPDATE = { server: 'todo', tool: 'update_todo', arguments: { id: { $fromResult: { call: 0, path: '$.items[0].id' } }, status: 'done' } };

function judge(expectedCalls: ExpectedCall[], calls: TrajectoryCall[], over: Partial<SequenceJudgeInput['testCase']> = {}, stop: 'answered' | 'max_steps' = 'answered') {
  return judgeSequence({ testCase: { expectedCalls, callOrder: 'exact', forbiddenTools: null, ...over }, trajectory: { calls, stop }, snapshot });
}

const searchResult = { items: [{ id: 42, title: 'buy milk' }, { id: 7, title: 'milk the cow' }] };

describe('sequence judge', () => {
  it('exact order: search then update with the id the search returned is TP, both calls TP with full argument scores', () => {
    const v = judge([SEARCH, UPDATE], [call('search_todos', { query: 'milk' }, searchResult), call('update_todo', { id: 42, status: 'done' })]);
    expect(v.classification).toBe('TP');
    expect(v.failureReasons).toEqual([]);
    expect(v.calls).toEqual([
      { expectedIndex: 0, callIndex: 0, outcome: 'TP', argumentCorrectness: 1, failureReasons: [] },
      { expectedIndex: 1, callIndex: 1, outcome: 'TP', argumentCorrectness: 1, failureReasons: [] },
    ]);
    expect(v.parameterCorrectness).toBe(1);
    expect(v.firstExpected).toEqual({ server: 'todo', tool: 'search_todos' });
    expect(v.firstSelected).toEqual({ server: 'todo', tool: 'search_todos' });
  });

  it('$fromResult wrong: an id other than the one the search returned is a value mismatch on that call; the case stays TP', () => {
    const v = judge([SEARCH, UPDATE], [call('search_todos', { query: 'milk' }, searchResult), call('update_todo', { id: 7, status: 'done' })]);
    expect(v.classification).toBe('TP');
    expect(v.calls[1]).toMatchObject({ outcome: 'TP', argumentCorrectness: 0.5, failureReasons: ['value_mismatch:id'] });
    expect(v.failureReasons).toEqual(['update_todo:value_mismatch:id']);
    expect(v.argumentScores[1]?.mismatches).toEqual([{ param: 'id', expected: 42, actual: 7 }]);
  });

  it('$fromResult reads the text when the result has no json, and a path that finds nothing is unresolved', () => {
    const textOnly = call('search_todos', { query: 'milk' }, JSON.stringify(searchResult));
    expect(judge([SEARCH, UPDATE], [textOnly, call('update_todo', { id: 42, status: 'done' })]).calls[1]?.argumentCorrectness).toBe(1);
    const badPath = { ...UPDATE, arguments: { ...UPDATE.arguments, id: { $fromResult: { call: 0, path: '$.items[5].id' } } } };
    const v = judge([SEARCH, badPath], [call('search_todos', { query: 'milk' }, searchResult), call('update_todo', { id: 42, status: 'done' })]);
    expect(v.calls[1]).toMatchObject({ argumentCorrectness: 0.5, failureReasons: ['value_mismatch:id', 'from_result_unresolved:id'] });
    expect(v.argumentScores[1]?.mismatches[0]?.note).toContain('$.items[5].id finds nothing');
  });

  it('$fromResult of a call that was never made is unresolved', () => {
    const v = judge([SEARCH, UPDATE], [call('update_todo', { id: 42, status: 'done' })]);
    expect(v.classification).toBe('FN');
    expect(v.calls[0]).toMatchObject({ outcome: 'FN', failureReasons: ['missing_call:search_todos'] });
    expect(v.calls[1]).toMatchObject({ outcome: 'TP', argumentCorrectness: 0.5, failureReasons: ['value_mismatch:id', 'from_result_unresolved:id'] });
  });

  it('exact order: the calls made in the wrong order fail the case with out_of_order; the calls still count as made', () => {
    const v = judge([SEARCH, { server: 'todo', tool: 'update_todo' }], [call('update_todo', { id: 1 }), call('search_todos', { query: 'milk' })]);
    expect(v.classification).toBe('FN');
    expect(v.failureReasons).toEqual(['out_of_order']);
    expect(v.calls.map((c) => [c.outcome, c.callIndex, c.failureReasons.includes('out_of_order')])).toEqual([
      ['TP', 1, false],
      ['TP', 0, true],
    ]);
  });

  it('any order: the same calls in either order are TP; the best-scoring of two candidate calls is paired', () => {
    const expected = [SEARCH, { server: 'todo', tool: 'list_todos' }];
    const v = judge(expected, [call('list_todos', {}), call('search_todos', { query: 'bread' }), call('search_todos', { query: 'milk' })], { callOrder: 'any' });
    expect(v.classification).toBe('TP');
    expect(v.calls).toEqual([
      { expectedIndex: 0, callIndex: 2, outcome: 'TP', argumentCorrectness: 1, failureReasons: [] },
      { expectedIndex: 1, callIndex: 0, outcome: 'TP', argumentCorrectness: null, failureReasons: [] },
      { expectedIndex: null, callIndex: 1, outcome: 'FP', argumentCorrectness: null, failureReasons: ['extra_call:search_todos'] },
    ]);
  });

  it('missing call: an expected call never made is FN and fails the case', () => {
    const v = judge([SEARCH, { server: 'todo', tool: 'update_todo' }], [call('search_todos', { query: 'milk' })]);
    expect(v.classification).toBe('FN');
    expect(v.failureReasons).toEqual(['missing_call:update_todo']);
    expect(v.calls.map((c) => c.outcome)).toEqual(['TP', 'FN']);
  });

  it('extra call: an unexpected (not forbidden) call is a per-call FP that does not fail the case', () => {
    const v = judge([SEARCH], [call('search_todos', { query: 'milk' }), call('list_todos', {})]);
    expect(v.classification).toBe('TP');
    expect(v.failureReasons).toEqual(['extra_call:list_todos']);
    expect(v.calls.map((c) => c.outcome)).toEqual(['TP', 'FP']);
  });

  it('forbidden call: fails the case with forbidden_tool even when every expected call was made', () => {
    const v = judge([SEARCH], [call('search_todos', { query: 'milk' }), call('delete_todo', { id: 42 })], { forbiddenTools: [{ server: 'todo', tool: 'delete_todo' }] });
    expect(v.classification).toBe('FN');
    expect(v.failureReasons).toEqual(['forbidden_tool:delete_todo']);
    expect(v.calls[1]).toEqual({ expectedIndex: null, callIndex: 1, outcome: 'FP', argumentCorrectness: null, failureReasons: ['forbidden_tool:delete_todo'] });
  });

  it('forbidden tools are told apart by server: the same tool name on another server is only an extra call', () => {
    const other = call('delete_todo', { id: 1 }, {}, { server: 'archive' });
    const v = judge([SEARCH], [call('search_todos', { query: 'milk' }), other], { forbiddenTools: [{ server: 'todo', tool: 'delete_todo' }] });
    expect(v.classification).toBe('TP');
    expect(v.failureReasons).toEqual(['extra_call:delete_todo']);
  });

  it('maxSteps reached: reported as max_steps', () => {
    const loop = [call('search_todos', { query: 'milk' }), call('search_todos', { query: 'milk' }), call('search_todos', { query: 'milk' })];
    const v = judge([SEARCH, { server: 'todo', tool: 'update_todo' }], loop, {}, 'max_steps');
    expect(v.classification).toBe('FN');
    expect(v.failureReasons).toEqual(['missing_call:update_todo', 'extra_call:search_todos', 'max_steps']);
    expect(v.calls.filter((c) => c.outcome === 'FP')).toHaveLength(2);
  });

  it('a tool error fed back is reported on the call and the case', () => {
    const failed = call('search_todos', { query: 'milk' }, 'boom', { result: { text: 'boom', isError: true } });
    const v = judge([SEARCH], [failed]);
    expect(v.classification).toBe('TP');
    expect(v.calls[0]?.failureReasons).toEqual(['tool_error:search_todos']);
    expect(v.failureReasons).toEqual(['tool_error:search_todos']);
  });

  it('negative case: no call is TN, any call is FP with each call an FP; an invented name is an unknown tool', () => {
    expect(judge([], []).classification).toBe('TN');
    const v = judge([], [call('nope', {}, {}, { server: '(unknown)' })]);
    expect(v.classification).toBe('FP');
    expect(v.failureReasons).toEqual(['unexpected_tool_call', 'extra_call:nope', 'unknown_tool:nope']);
  });

  it('unparseable arguments of a paired call score 0 with invalid_arguments', () => {
    const v = judge([SEARCH], [call('search_todos', null, {}, { argumentsError: 'not JSON' })]);
    expect(v.calls[0]).toMatchObject({ outcome: 'TP', argumentCorrectness: 0, failureReasons: ['invalid_arguments'] });
  });

  it('an old case reads as one expected call; a negative one as none', () => {
    expect(effectiveExpectedCalls({ expectedMcpServerName: 'todo', expectedToolName: 'search_todos', expectedParameters: { query: 'milk' } })).toEqual([SEARCH]);
    expect(effectiveExpectedCalls({ expectedMcpServerName: null, expectedToolName: null })).toEqual([]);
    expect(effectiveExpectedCalls({ expectedCalls: [UPDATE], expectedMcpServerName: 'todo', expectedToolName: 'update_todo' })).toEqual([UPDATE]);
  });
});
