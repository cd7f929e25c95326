import type { ContentBlockParam, MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import { buildSelfAssessmentPrompt, TOOL_RESULT_STUB } from '../shared/prompts';
import type { ConversationMessage, ConversationRequest, ExposedTool, Selection, SelectionRequest } from '../types';

/** Anthropic requires `type: "object"` at the schema root; MCP schemas have it, this guards the rest. */
export function toAnthropicTools(tools: ExposedTool[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.exposedName,
    ...(tool.description ? { description: tool.description } : {}),
    input_schema: { type: 'object', ...tool.inputSchema },
  }));
}

/** The context turns if any (in the conversation's format), then the query. */
export function buildQueryMessages(req: Pick<SelectionRequest, 'query' | 'context'>): MessageParam[] {
  return buildConversationMessages({ messages: [...(req.context ?? []), { role: 'user', content: req.query }] });
}

/** Whether the context holds tool calls: the API then needs the tools' definitions in every request. */
export function contextHasToolCalls(req: Pick<SelectionRequest, 'context'>): boolean {
  return (req.context ?? []).some((m) => m.role === 'assistant' && m.toolCalls.length > 0);
}

/** The API rejects an empty assistant turn, so a silent answer is replayed as a placeholder. */
const EMPTY_ANSWER = '(no answer)';

function replayAssistantTurn(selection: Selection): { message: MessageParam; toolUseIds: string[] } {
  const content: ContentBlockParam[] = [];
  if (selection.text) content.push({ type: 'text', text: selection.text });
  const toolUseIds = selection.toolCalls.map((call, i) => call.id ?? `toolu_eval_${i}`);
  selection.toolCalls.forEach((call, i) => {
    // Unparseable arguments are replayed as {} so the follow-up request stays valid.
    content.push({ type: 'tool_use', id: toolUseIds[i] ?? `toolu_eval_${i}`, name: call.name, input: call.arguments ?? {} });
  });
  if (content.length === 0) content.push({ type: 'text', text: EMPTY_ANSWER });
  return { message: { role: 'assistant', content }, toolUseIds };
}

/**
 * The conversation so far, then the rating question. Every tool_use needs a tool_result in
 * the very next user message; tools are never run, hence the stub, and the question follows
 * the results in that same message.
 */
export function buildAssessmentMessages(req: SelectionRequest & { selection: Selection }): MessageParam[] {
  const { message, toolUseIds } = replayAssistantTurn(req.selection);
  const question: ContentBlockParam = { type: 'text', text: buildSelfAssessmentPrompt(req.selection) };
  const results: ContentBlockParam[] = toolUseIds.map((id) => ({ type: 'tool_result', tool_use_id: id, content: TOOL_RESULT_STUB }));
  return [...buildQueryMessages(req), message, { role: 'user', content: [...results, question] }];
}

function assistantBlocks(message: Extract<ConversationMessage, { role: 'assistant' }>): ContentBlockParam[] {
  const content: ContentBlockParam[] = [];
  if (message.text) content.push({ type: 'text', text: message.text });
  for (const call of message.toolCalls) {
    // Unparseable arguments are replayed as {} so the next request stays valid.
    content.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments ?? {} });
  }
  if (content.length === 0) content.push({ type: 'text', text: EMPTY_ANSWER });
  return content;
}

function userBlock(message: Exclude<ConversationMessage, { role: 'assistant' }>): ContentBlockParam {
  if (message.role === 'user') return { type: 'text', text: message.content };
  return { type: 'tool_result', tool_use_id: message.callId, content: message.content, ...(message.isError ? { is_error: true } : {}) };
}

/**
 * The conversation in the Messages API's shape: tool results are `tool_result` blocks of a
 * user message, and consecutive results (and a user text after them) share one user message,
 * since every tool_use must be answered in the very next user message. A lone user text
 * stays a plain string, as in a single selection.
 */
export function buildConversationMessages(req: Pick<ConversationRequest, 'messages'>): MessageParam[] {
  const out: MessageParam[] = [];
  for (const message of req.messages) {
    if (message.role === 'assistant') {
      out.push({ role: 'assistant', content: assistantBlocks(message) });
      continue;
    }
    const last = out.at(-1);
    if (last?.role === 'user') {
      const blocks: ContentBlockParam[] = typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : [...last.content];
      last.content = [...blocks, userBlock(message)];
    } else {
      out.push({ role: 'user', content: message.role === 'user' ? message.content : [userBlock(message)] });
    }
  }
  return out;
}
