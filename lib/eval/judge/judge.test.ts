import { describe, expect, it } from 'vitest';
import { judgeRun, UNKNOWN_SERVER, type JudgeInput, type SampleOutcome } from './judge';

const SNAPSHOT: JudgeInput['snapshot'] = [
  { serverName: 'files', name: 'read_file', description: 'Read a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' }, encoding: { type: 'string' } }, required: ['path'] } },
  { serverName: 'files', name: 'list_dir', description: 'List a directory.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
  { serverName: 'notes', name: 'search', description: 'Search notes.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
];

const READ_FILE = { expectedMcpServerName: 'files', expectedToolName: 'read_file', expectedParameters: { path: '/etc/hosts' } };
const NOTHING = { expectedMcpServerName: null, expectedToolName: null, expectedParameters: null };

function sample(server: string | null, tool: string | null = null, args: Record<string, unknown> | null = {}): SampleOutcome {
  return server === null || tool === null
    ? { selected: null, calledName: null, arguments: null, argumentsError: null }
    : { selected: { server, tool }, calledName: tool, arguments: args, argumentsError: null };
}

function judge(testCase: JudgeInput['testCase'], samples: SampleOutcome[], assessment: JudgeInput['assessment'] = null) {
  return judgeRun({ testCase, snapshot: SNAPSHOT, samples, assessment });
}

describe('judgeRun', () => {
  it('TP with matching arguments: scored, rated robust, no failure reasons', () => {
    const v = judge(READ_FILE, [sample('files', 'read_file', { path: '/etc/hosts' })], { confidence: 0.9, reasoning: 'The query names the file.' });
    expect(v).toMatchObject({ sampleIndex: 0, selected: { server: 'files', tool: 'read_file' }, arguments: { path: '/etc/hosts' }, classification: 'TP', confidence: 0.9, category: 'robust', failureReasons: [] });
    expect(v.evaluation).toMatchObject({
      classification: 'TP',
      expectedServer: 'files',
      expectedTool: 'read_file',
      selectedServer: 'files',
      selectedTool: 'read_file',
      toolCorrect: true,
      parameterCompleteness: 1,
      parameterCorrectness: 1,
      typeConformance: 1,
      hallucinatedParameters: [],
      missingRequired: [],
      typeErrors: [],
      failureReasons: [],
      confidenceScore: 0.9,
      confidenceCategory: 'robust',
      passK: null,
    });
    expect(v.evaluation.reasoning).toContain('The query names the file.');
    expect(v.evaluation.recommendations).toEqual([]);
  });

  it('TP with wrong arguments: the argument reasons, correctness below 1', () => {
    const v = judge(READ_FILE, [sample('files', 'read_file', { path: '/tmp/x', colour: 'red' })], { confidence: 0.95, reasoning: 'sure' });
    expect(v.classification).toBe('TP');
    expect(v.failureReasons).toEqual(['unexpected_param:colour', 'value_mismatch:path']);
    expect(v.evaluation).toMatchObject({ parameterCompleteness: 1, parameterCorrectness: 0, hallucinatedParameters: ['colour'], failureReasons: v.failureReasons });
    expect(v.evaluation.recommendations?.length).toBeGreaterThan(0);
  });

  it('FN wrong tool: no argument scores, misleading when confident', () => {
    const v = judge(READ_FILE, [sample('files', 'list_dir', { path: '/etc' })], { confidence: 0.8, reasoning: 'listing fits' });
    expect(v).toMatchObject({ classification: 'FN', confidence: 0.8, category: 'misleading', failureReasons: ['wrong_tool'] });
    expect(v.evaluation).toMatchObject({ toolCorrect: false, parameterCompleteness: null, parameterCorrectness: null, typeConformance: null, hallucinatedParameters: null, missingRequired: null, typeErrors: null });
  });

  it('the same tool name on another server is a wrong tool', () => {
    const v = judge({ ...NOTHING, expectedMcpServerName: 'notes', expectedToolName: 'search' }, [sample('files', 'search')]);
    expect(v.classification).toBe('FN');
    expect(v.failureReasons).toEqual(['wrong_tool']);
  });

  it('FN no tool called', () => {
    const v = judge(READ_FILE, [sample(null)], { confidence: 0.3, reasoning: 'unsure' });
    expect(v).toMatchObject({ classification: 'FN', selected: null, arguments: null, category: 'needs_clarity', failureReasons: ['no_tool_called'] });
    expect(v.evaluation).toMatchObject({ selectedServer: null, selectedTool: null, toolCorrect: false });
  });

  it('FP and TN when no tool is expected', () => {
    const fp = judge(NOTHING, [sample('notes', 'search', { q: 'x' })]);
    expect(fp).toMatchObject({ classification: 'FP', failureReasons: ['unexpected_tool_call'], confidence: null, category: null });
    expect(fp.evaluation).toMatchObject({ expectedServer: null, expectedTool: null, toolCorrect: false, parameterCompleteness: null });
    const tn = judge(NOTHING, [sample(null)], { confidence: 0.9, reasoning: 'no tool fits' });
    expect(tn).toMatchObject({ classification: 'TN', failureReasons: [], category: 'robust' });
    expect(tn.evaluation.toolCorrect).toBe(true);
  });

  it('a call to a tool that is not in the snapshot is wrong_tool plus unknown_tool:<name>', () => {
    const v = judge(READ_FILE, [{ selected: { server: UNKNOWN_SERVER, tool: 'rm_rf' }, calledName: 'rm_rf', arguments: {}, argumentsError: null }]);
    expect(v.classification).toBe('FN');
    expect(v.failureReasons).toEqual(['wrong_tool', 'unknown_tool:rm_rf']);
    expect(v.evaluation.failureReasons).toEqual(['wrong_tool', 'unknown_tool:rm_rf']);
    expect(v.evaluation).toMatchObject({ selectedServer: UNKNOWN_SERVER, selectedTool: 'rm_rf' });
    // The stored server name of an invented tool, as the metrics and the UI read it.
    expect(UNKNOWN_SERVER).toBe('(unknown)');
  });

  it('an expectation with a server but no tool is no expectation', () => {
    const v = judge({ expectedMcpServerName: 'files', expectedToolName: null, expectedParameters: null }, [sample('files', 'read_file')]);
    expect(v).toMatchObject({ classification: 'FP', failureReasons: ['unexpected_tool_call'] });
    expect(v.evaluation).toMatchObject({ expectedServer: null, expectedTool: null });
  });

  it('an unknown tool when none is expected is an unexpected call to an unknown tool', () => {
    const v = judge(NOTHING, [{ selected: { server: UNKNOWN_SERVER, tool: 'ghost' }, calledName: 'ghost', arguments: {}, argumentsError: null }]);
    expect(v.failureReasons).toEqual(['unexpected_tool_call', 'unknown_tool:ghost']);
  });

  it('unparseable arguments of the right tool: invalid_arguments', () => {
    const v = judge(READ_FILE, [{ ...sample('files', 'read_file'), arguments: null, argumentsError: 'not JSON' }]);
    expect(v.classification).toBe('TP');
    expect(v.failureReasons).toEqual(['invalid_arguments']);
    expect(v.evaluation).toMatchObject({ parameterCompleteness: 0, parameterCorrectness: 0, typeConformance: 0 });
  });

  it('the expected tool missing from the snapshot is not scored on arguments', () => {
    const v = judge({ expectedMcpServerName: 'files', expectedToolName: 'gone', expectedParameters: { path: '/x' } }, [sample('files', 'gone', { path: '/x' })]);
    expect(v.classification).toBe('TP');
    expect(v.evaluation.parameterCompleteness).toBeNull();
    expect(v.failureReasons).toEqual([]);
  });

  it('samples >= 2: the modal choice is judged, its first sample is the one kept, agreement is the confidence', () => {
    const v = judge(
      READ_FILE,
      [sample('files', 'list_dir', { path: '/' }), sample('files', 'read_file', { path: '/etc/hosts' }), sample('files', 'read_file', { path: '/other' })],
    );
    expect(v).toMatchObject({ sampleIndex: 1, classification: 'TP', arguments: { path: '/etc/hosts' }, confidence: 2 / 3, category: 'needs_clarity', failureReasons: [] });
    expect(v.evaluation.passK).toBe(false);
  });

  it("samples >= 2 of a deterministic provider: its own rating (the local router's margin) is the confidence, not the 100% agreement", () => {
    const v = judgeRun({
      testCase: READ_FILE,
      snapshot: SNAPSHOT,
      samples: [sample('files', 'list_dir', { path: '/' }), sample('files', 'list_dir', { path: '/' }), sample('files', 'list_dir', { path: '/' })],
      assessment: { confidence: 0.55, reasoning: '`list_dir` scored 0.2 (threshold 0.12), ahead of `read_file` 0.18' },
      assessmentBy: 'router',
    });
    expect(v).toMatchObject({ classification: 'FN', confidence: 0.55, category: 'needs_clarity' });
    expect(v.evaluation.passK).toBe(false);
    expect(v.evaluation.reasoning).toContain("The local router's scores: `list_dir` scored 0.2");
    expect(v.evaluation.reasoning).not.toContain("The model's own explanation");
  });

  it('samples >= 2 all correct: pass^k true and full agreement', () => {
    const v = judge(NOTHING, [sample(null), sample(null)]);
    expect(v).toMatchObject({ sampleIndex: 0, classification: 'TN', confidence: 1, category: 'robust' });
    expect(v.evaluation.passK).toBe(true);
  });

  it('one sample without a self-assessment is unrated', () => {
    const v = judge(READ_FILE, [sample('files', 'read_file', { path: '/etc/hosts' })]);
    expect(v).toMatchObject({ confidence: null, category: null });
    expect(v.evaluation).toMatchObject({ confidenceScore: null, confidenceCategory: null, passK: null });
  });

  it('refuses to judge no samples', () => {
    expect(() => judge(READ_FILE, [])).toThrow('judgeRun needs at least one sample');
  });
});
