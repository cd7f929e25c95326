import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { buildSelfAssessmentPrompt, resolveSystemPrompt, TOOL_RESULT_STUB } from '../shared/prompts';
import type { ConversationMessage, ConversationRequest, ExposedTool, SelectionRequest, Selection } from '../types';

/** The snapshot's description and schema go to the model unchanged. */
export function toOpenAiTools(tools: ExposedTool[]): ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.exposedName,
      ...(tool.description ? { description: tool.description } : {}),
      parameters: tool.inputSchema,
    },
  }));
}

/** The system prompt, the context turns if any (in the conversation's format), then the query. */
export function buildQueryMessages(req: Pick<SelectionRequest, 'model' | 'query' | 'context'>): ChatCompletionMessageParam[] {
  return buildConversationMessages({ model: req.model, messages: [...(req.context ?? []), { role: 'user', content: req.query }] });
}

function replayAssistantTurn(selection: Selection): ChatCompletionAssistantMessageParam {
  if (selection.toolCalls.length === 0) return { role: 'assistant', content: selection.text ?? '' };
  return {
    role: 'assistant',
    content: selection.text,
    tool_calls: selection.toolCalls.map((call, i) => ({
      id: call.id ?? `call_eval_${i}`,
      type: 'function',
      // Unparseable arguments are replayed as {} so the follow-up request stays valid.
      function: { name: call.name, arguments: JSON.stringify(call.arguments ?? {}) },
    })),
  };
}

/**
 * The conversation so far, then the rating question. The API requires a `tool` message
 * answering every tool call before the next user turn; tools are never run, hence the stub.
 */
export function buildAssessmentMessages(req: SelectionRequest & { selection: Selection }): ChatCompletionMessageParam[] {
  const assistant = replayAssistantTurn(req.selection);
  const toolResults: ChatCompletionMessageParam[] = (assistant.tool_calls ?? []).map((call) => ({
    role: 'tool',
    tool_call_id: call.id,
    content: TOOL_RESULT_STUB,
  }));
  return [
    ...buildQueryMessages(req),
    assistant,
    ...toolResults,
    { role: 'user', content: buildSelfAssessmentPrompt(req.selection) },
  ];
}

function toOpenAiMessage(message: ConversationMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: message.content };
    case 'tool':
      // Chat completions have no error flag on a tool message: the result's text says it.
      return { role: 'tool', tool_call_id: message.callId, content: message.content };
    case 'assistant':
      if (message.toolCalls.length === 0) return { role: 'assistant', content: message.text ?? '' };
      return {
        role: 'assistant',
        content: message.text,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          // Unparseable arguments are replayed as {} so the next request stays valid.
          function: { name: call.name, arguments: JSON.stringify(call.arguments ?? {}) },
        })),
      };
  }
}

/** The system prompt, then the conversation in order: tool results are `tool` messages paired by tool_call_id. */
export function buildConversationMessages(req: Pick<ConversationRequest, 'model' | 'messages'>): ChatCompletionMessageParam[] {
  return [{ role: 'system', content: resolveSystemPrompt(req.model) }, ...req.messages.map(toOpenAiMessage)];
}
