import type { TestCaseDto } from '@/components/data/types';
import type { CallOrder, CaseMode, ContextTurn, ExecutePolicy, ExpectedCall, MockResult } from '@/lib/eval/sequence/types';
import { MAX_STEPS_DEFAULT, MAX_STEPS_LIMIT } from '@/lib/eval/sequence/types';

/** A server's tool, by names (as the API takes it). */
export type ToolRef = { server: string; tool: string };

/** One expected call as edited; `key` keeps React rows apart while calls move. */
export type CallDraft = { key: string; server: string; tool: string; arguments: Record<string, unknown> | null; argumentErrors: number };

export type ContextCallDraft = { key: string; id: string; server: string; tool: string; argumentsText: string };
export type TurnDraft =
  | { key: string; role: 'user'; content: string }
  | { key: string; role: 'assistant'; content: string; toolCalls: ContextCallDraft[] }
  | { key: string; role: 'tool'; callId: string; content: string; isError: boolean };

export type MockDraft = { key: string; server: string; tool: string; matchText: string; text: string; isError: boolean };

export type ExecuteKind = 'none' | 'read-only' | 'allow';

/** The sequence fields of the form (issue 17); text inputs stay as typed. */
export type SequenceValues = {
  context: TurnDraft[];
  expectedCalls: CallDraft[];
  callOrder: CallOrder;
  forbiddenTools: ToolRef[];
  maxSteps: string;
  executeKind: ExecuteKind;
  allow: ToolRef[];
  mockResults: MockDraft[];
};

export const EMPTY_SEQUENCE: SequenceValues = {
  context: [],
  expectedCalls: [],
  callOrder: 'exact',
  forbiddenTools: [],
  maxSteps: String(MAX_STEPS_DEFAULT),
  executeKind: 'none',
  allow: [],
  mockResults: [],
};

let counter = 0;
/** A key unique within the page (rows are added and reordered; never sent). */
export function newKey(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}`;
}

export const sameTool = (a: ToolRef, b: ToolRef) => a.server === b.server && a.tool === b.tool;

function turnDraft(turn: ContextTurn): TurnDraft {
  if (turn.role === 'user') return { key: newKey('t'), role: 'user', content: turn.content };
  if (turn.role === 'tool') return { key: newKey('t'), role: 'tool', callId: turn.callId, content: turn.content, isError: turn.isError === true };
  return {
    key: newKey('t'),
    role: 'assistant',
    content: turn.content ?? '',
    toolCalls: (turn.toolCalls ?? []).map((c) => ({ key: newKey('c'), id: c.id, server: c.server, tool: c.tool, argumentsText: JSON.stringify(c.arguments, null, 2) })),
  };
}

export function sequenceFromTestCase(tc: TestCaseDto): SequenceValues {
  const execute = tc.execute;
  return {
    context: (tc.context ?? []).map(turnDraft),
    expectedCalls:
      tc.mode === 'sequence'
        ? tc.expectedCalls.map((c) => ({ key: newKey('e'), server: c.server, tool: c.tool, arguments: c.arguments && Object.keys(c.arguments).length ? c.arguments : null, argumentErrors: 0 }))
        : [],
    callOrder: tc.callOrder,
    forbiddenTools: tc.forbiddenTools ?? [],
    maxSteps: String(tc.maxSteps),
    executeKind: typeof execute === 'object' ? 'allow' : execute,
    allow: typeof execute === 'object' ? execute.allow : [],
    mockResults: (tc.mockResults ?? []).map((m) => ({
      key: newKey('m'),
      server: m.server,
      tool: m.tool,
      matchText: m.match ? JSON.stringify(m.match) : '',
      text: m.result.text,
      isError: m.result.isError === true,
    })),
  };
}

/** Problems by API path ("maxSteps", "expectedCalls.1.tool", "mockResults.0.match"), checked before sending. */
export function validateSequence(v: SequenceValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const steps = Number(v.maxSteps);
  if (v.maxSteps.trim() === '' || !Number.isInteger(steps) || steps < 1 || steps > MAX_STEPS_LIMIT) errors.maxSteps = `A whole number from 1 to ${MAX_STEPS_LIMIT}.`;
  v.expectedCalls.forEach((c, i) => {
    if (!c.server) errors[`expectedCalls.${i}.server`] = 'Choose the server of this call.';
    if (!c.tool.trim()) errors[`expectedCalls.${i}.tool`] = 'Choose the tool of this call.';
    if (c.argumentErrors > 0) errors[`expectedCalls.${i}.arguments`] = 'Fix the expected arguments of this call.';
  });
  v.forbiddenTools.forEach((f, i) => {
    if (v.expectedCalls.some((c) => sameTool(c, f))) errors[`forbiddenTools.${i}`] = `${f.server}/${f.tool} is an expected call and cannot be forbidden.`;
  });
  if (v.executeKind === 'allow' && v.allow.length === 0) errors.execute = 'Tick at least one tool to run, or choose another policy.';
  v.mockResults.forEach((m, i) => {
    if (!m.server || !m.tool) errors[`mockResults.${i}.tool`] = 'Choose the tool this result answers.';
    if (m.matchText.trim()) {
      const parsed = parseObject(m.matchText);
      if (!parsed.ok) errors[`mockResults.${i}.match`] = parsed.message;
    }
  });
  const ids = new Set<string>();
  v.context.forEach((t, i) => {
    if (t.role === 'user' && !t.content.trim()) errors[`context.${i}.content`] = 'Write what the user said, or remove the turn.';
    if (t.role === 'assistant') {
      if (!t.content.trim() && t.toolCalls.length === 0) errors[`context.${i}.content`] = 'Write what the assistant said, or add a tool call.';
      t.toolCalls.forEach((c, j) => {
        if (!c.id.trim()) errors[`context.${i}.toolCalls.${j}.id`] = 'Give the call an id (tool turns answer it by id).';
        else if (ids.has(c.id.trim())) errors[`context.${i}.toolCalls.${j}.id`] = `The id “${c.id.trim()}” is used twice.`;
        ids.add(c.id.trim());
        if (!c.server || !c.tool.trim()) errors[`context.${i}.toolCalls.${j}.tool`] = 'Choose the server and tool of this call.';
        const parsed = parseObject(c.argumentsText);
        if (!parsed.ok) errors[`context.${i}.toolCalls.${j}.arguments`] = parsed.message;
      });
    }
    if (t.role === 'tool' && !ids.has(t.callId.trim())) errors[`context.${i}.callId`] = 'Choose the earlier assistant tool call this result answers.';
  });
  return errors;
}

type ParsedObject = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** A JSON object as typed ("" is {}). */
export function parseObject(text: string): ParsedObject {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return { ok: false, message: 'A JSON object: {"name": value, ...}' };
    return { ok: true, value: v as Record<string, unknown> };
  } catch (e) {
    return { ok: false, message: `Not valid JSON: ${e instanceof Error ? e.message : 'parse error'}` };
  }
}

function contextTurn(t: TurnDraft): ContextTurn {
  if (t.role === 'user') return { role: 'user', content: t.content };
  if (t.role === 'tool') return { role: 'tool', callId: t.callId.trim(), content: t.content, ...(t.isError ? { isError: true } : {}) };
  const calls = t.toolCalls.map((c) => {
    const parsed = parseObject(c.argumentsText);
    return { id: c.id.trim(), server: c.server, tool: c.tool.trim(), arguments: parsed.ok ? parsed.value : {} };
  });
  return { role: 'assistant', ...(t.content.trim() ? { content: t.content } : {}), ...(calls.length ? { toolCalls: calls } : {}) };
}

export type SequencePayload = {
  mode: CaseMode;
  expectedCalls?: ExpectedCall[] | null;
  callOrder?: CallOrder;
  context?: ContextTurn[] | null;
  forbiddenTools?: ToolRef[] | null;
  maxSteps?: number;
  execute?: ExecutePolicy;
  mockResults?: MockResult[] | null;
};

/**
 * The sequence part of the body. A selection case sends its mode, no expected calls (the pair
 * says them) and its context (the conversation before the query, which its model gets too); its
 * other sequence fields are left as they are, so a PATCH keeps what an import or the API set. A
 * sequence case sends every field.
 */
export function sequencePayload(mode: CaseMode, v: SequenceValues): SequencePayload {
  // The context is sent to the model in both modes, so it is shown, edited and sent in both.
  if (mode === 'selection') return { mode, expectedCalls: null, context: v.context.length ? v.context.map(contextTurn) : null };
  return {
    mode,
    expectedCalls: v.expectedCalls.map((c) => ({ server: c.server, tool: c.tool.trim(), ...(c.arguments ? { arguments: c.arguments } : {}) })),
    callOrder: v.callOrder,
    context: v.context.length ? v.context.map(contextTurn) : null,
    forbiddenTools: v.forbiddenTools.length ? v.forbiddenTools : null,
    maxSteps: Number(v.maxSteps),
    execute: v.executeKind === 'allow' ? { allow: v.allow } : v.executeKind,
    mockResults: v.mockResults.length
      ? v.mockResults.map((m) => {
          const match = parseObject(m.matchText);
          return {
            server: m.server,
            tool: m.tool,
            ...(m.matchText.trim() && match.ok && Object.keys(match.value).length ? { match: match.value } : {}),
            result: { text: m.text, ...(m.isError ? { isError: true } : {}) },
          };
        })
      : null,
  };
}
