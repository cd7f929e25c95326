import type { LlmApi, ScriptedReply, ScriptedRequest } from './llm-server';

/**
 * Multi-step scripts for the scripted LLM server (llm-server.ts): the model's turns of an agent
 * loop, each computed from what the SDK actually sent. A turn sees the tool results of the
 * previous turn as they arrived on the wire (OpenAI `tool` messages, Anthropic `tool_result`
 * blocks), so a script can call, read the result, and call again with a value from it:
 *
 *   startLlmServer({ respond: agentScript([
 *     () => ({ toolCalls: [{ name: 'search_todos', arguments: { query: 'milk' } }] }),
 *     (turn) => ({ toolCalls: [{ name: 'update_todo', arguments: { id: turn.read(0, 'todos', 0, 'id'), completed: true } }] }),
 *     () => ({ text: 'Done.' }),
 *   ]) })
 *
 * The step is the number of assistant turns after the last user text (context turns before
 * the query do not count); past the last step the last one repeats.
 */

/** One tool result as the request carried it. */
export type WireToolResult = { callId: string; content: string; isError: boolean };

export type AgentTurn = {
  api: LlmApi;
  step: number;
  /** Results of the previous turn's calls, in the order sent. */
  results: WireToolResult[];
  /** A value inside the i-th result's content parsed as JSON, by keys and indexes (throws when absent). */
  read(i: number, ...path: (string | number)[]): unknown;
  body: Record<string, unknown>;
};

export type AgentStep = (turn: AgentTurn) => ScriptedReply;

type Message = { role?: unknown; content?: unknown; tool_call_id?: unknown };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function blocks(content: unknown): Record<string, unknown>[] {
  return Array.isArray(content) ? content.filter(isObject) : [];
}

/** A user message with text of its own (not only tool results) starts a new exchange. */
function hasUserText(message: Message): boolean {
  if (message.role !== 'user') return false;
  if (typeof message.content === 'string') return true;
  return blocks(message.content).some((b) => b.type === 'text');
}

function anthropicResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  return blocks(content)
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text as string)
    .join('\n');
}

/** The tool results after the last assistant turn, in the wire shape of each API. */
export function readToolResults(api: LlmApi, messages: Message[]): WireToolResult[] {
  if (api === 'openai') {
    const out: WireToolResult[] = [];
    for (let i = messages.length - 1; i >= 0 && messages[i]?.role === 'tool'; i--) {
      const m = messages[i] as Message;
      out.unshift({ callId: String(m.tool_call_id), content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content), isError: false });
    }
    return out;
  }
  const last = messages.at(-1);
  if (last?.role !== 'user') return [];
  return blocks(last.content)
    .filter((b) => b.type === 'tool_result')
    .map((b) => ({ callId: String(b.tool_use_id), content: anthropicResultText(b.content), isError: b.is_error === true }));
}

export function agentScript(steps: AgentStep[]): (request: ScriptedRequest) => ScriptedReply | undefined {
  return (request) => {
    if (request.api === 'unknown' || !isObject(request.body) || !Array.isArray(request.body.messages)) return undefined;
    const messages = request.body.messages.filter(isObject) as Message[];
    let lastUserText = -1;
    messages.forEach((m, i) => {
      if (hasUserText(m)) lastUserText = i;
    });
    const step = messages.slice(lastUserText + 1).filter((m) => m.role === 'assistant').length;
    const script = steps[Math.min(step, steps.length - 1)];
    if (!script) return undefined;
    const results = readToolResults(request.api, messages);
    return script({
      api: request.api,
      step,
      results,
      read: (i, ...path) => {
        const result = results[i];
        if (!result) throw new Error(`step ${step}: no tool result #${i} in the request`);
        let value = JSON.parse(result.content) as unknown;
        for (const key of path) {
          const next: unknown = typeof value === 'object' && value !== null ? (value as Record<string | number, unknown>)[key] : undefined;
          if (next === undefined) throw new Error(`step ${step}: result #${i} has nothing at ${path.join('.')}`);
          value = next;
        }
        return value;
      },
      body: request.body,
    });
  };
}
