/**
 * Bounds of the agent loop's tool execution (sequence mode). A call past its time or size is
 * cut off and fed back to the model as an error result; the run goes on.
 */

/** One executed tool call, from the request to the result. */
export const CALL_TIMEOUT_MS = 30_000;

/** Connect + initialize of a server's session (an npm stdio server may take seconds to start). */
export const SESSION_CONNECT_TIMEOUT_MS = 5_000;

/**
 * Bytes a server may send over one run's session (all its calls together): its connection is
 * cut off past this, as any MCP connection past MAX_REMOTE_BYTES (lib/mcp/byte-budget.ts).
 */
export const SESSION_MAX_BYTES = 4 * 1024 * 1024;

/** Calls of one model turn that are resolved; the rest get an error result and reach nothing (model output is untrusted). */
export const MAX_CALLS_PER_TURN = 32;

/** Characters of one tool result shown to the model and stored in the trajectory; the rest is cut with a note. */
export const RESULT_TEXT_LIMIT = 20_000;

/** What a call the case does not let run, and has no scripted result for, returns (not an error: see README). */
export const NOT_EXECUTED_TEXT =
  '(not executed: evaluation) This tool call was recorded but not run: the test case does not allow this tool to run for real and has no scripted result for it.';
