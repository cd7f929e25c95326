/**
 * The contract of issue 17 (conversation context, expected sequences of calls, the sandboxed
 * tool loop), shared by the test-case model (lib/test-cases, db), the agent loop
 * (lib/eval/run/sequence) and the sequence judge (lib/eval/judge/sequence). Types only: the
 * validation lives in lib/test-cases/schemas.ts, the behaviour in those folders.
 */

/** Where a tool result came from in an evaluation: run on the real server, scripted by the case, or refused. */
export type CallSource = 'executed' | 'mock' | 'not_executed' | 'error';

/** A tool result as fed back to the model (MCP CallToolResult, text content kept; size-capped). */
export type ToolResultPayload = {
  /** The text the model is shown (MCP text content joined; structured content as JSON). */
  text: string;
  isError: boolean;
  /** structuredContent, or the text parsed as JSON when it is JSON: what `$fromResult` paths read. */
  json?: unknown;
};

/** One earlier turn of the conversation, sent before the query (verbatim). */
export type ContextTurn =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content?: string; toolCalls?: ContextToolCall[] }
  | { role: 'tool'; callId: string; content: string; isError?: boolean };

/** A tool call inside `context`: names the real server and tool (the loop maps them to exposed names). */
export type ContextToolCall = { id: string; server: string; tool: string; arguments: Record<string, unknown> };

/**
 * One expected call. `arguments` uses the matchers of expectedParameters, plus
 * `{"$fromResult": {"call": i, "path": "$.a.b[0]"}}`: the value must equal what the path
 * reads in the result of the i-th expected call (0-based, an earlier one).
 */
export type ExpectedCall = { server: string; tool: string; arguments?: Record<string, unknown> };

export type CallOrder = 'exact' | 'any';
export type CaseMode = 'selection' | 'sequence';

/** Which calls run for real: none (default), those whose annotations say readOnlyHint, or a list. */
export type ExecutePolicy = 'none' | 'read-only' | { allow: { server: string; tool: string }[] };

/** A scripted result for calls the case does not let run for real; `match` narrows by arguments (subset, equal values). */
export type MockResult = { server: string; tool: string; match?: Record<string, unknown>; result: { text: string; isError?: boolean } };

/** The sequence fields of a test case as stored and served (every one optional in input). */
export type SequenceFields = {
  context: ContextTurn[] | null;
  expectedCalls: ExpectedCall[] | null;
  callOrder: CallOrder;
  forbiddenTools: { server: string; tool: string }[] | null;
  mode: CaseMode;
  /** 1..20, default 5. */
  maxSteps: number;
  execute: ExecutePolicy;
  mockResults: MockResult[] | null;
};

export const MAX_STEPS_DEFAULT = 5;
export const MAX_STEPS_LIMIT = 20;

/** One call the model made during the loop, in the order made (parallel calls of one turn keep their order). */
export type TrajectoryCall = {
  /** Step (model turn) index, 0-based. */
  step: number;
  /** The provider's call id, if any. */
  id?: string;
  exposedName: string;
  /** Resolved against the snapshot; server "(unknown)" for an invented name. */
  server: string;
  tool: string;
  arguments: Record<string, unknown> | null;
  argumentsError?: string;
  source: CallSource;
  result: ToolResultPayload;
  durationMs: number;
};

/** One model turn: its text (if any) and its calls. */
export type TrajectoryStep = { step: number; text: string | null; callCount: number; inputTokens: number; outputTokens: number; latencyMs: number };

export type Trajectory = {
  steps: TrajectoryStep[];
  calls: TrajectoryCall[];
  /** The final answer's text, if the model ended with text. */
  finalText: string | null;
  /** Why the loop stopped. */
  stop: 'answered' | 'max_steps' | 'error' | 'cancelled';
  /**
   * true when the provider cannot hold a conversation (the local router): it made one
   * selection from the query alone (context not shown), its call was recorded, not run, and
   * the loop ended there.
   */
  singleStep?: boolean;
  /** The provider's error when stop is 'error' (keys scrubbed). */
  error?: string;
};

/** The judge's verdict for one expected or unexpected call. */
export type CallVerdict = {
  /** Index in expectedCalls, or null for an unexpected call. */
  expectedIndex: number | null;
  /** Index in trajectory.calls, or null for a missing call. */
  callIndex: number | null;
  outcome: 'TP' | 'FN' | 'FP';
  /** Argument scores when matched (same shape as the single-call evaluation). */
  argumentCorrectness: number | null;
  failureReasons: string[];
};
