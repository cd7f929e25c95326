import type { ConversationMessage } from '../../../providers/types';
import type { ToolNameMap } from '../../../providers/tool-names';
import type { ContextTurn } from '../../sequence/types';

/** Recorded on a selection run whose case has context and whose provider cannot hold a conversation (the local router). */
export const CONTEXT_NOT_SENT_TEXT =
  "(context not sent) This provider makes one selection from the query alone and cannot read earlier turns: the case's context was not shown to it.";

/**
 * The case's earlier turns as conversation messages, verbatim: texts, call ids, arguments and
 * results unchanged. A call names its tool by server and tool; the model sees the name it is
 * offered under in this run (a tool the snapshot no longer has keeps its own name).
 */
export function contextMessages(context: readonly ContextTurn[] | null, names: ToolNameMap): ConversationMessage[] {
  return (context ?? []).map((turn): ConversationMessage => {
    if (turn.role === 'user') return { role: 'user', content: turn.content };
    if (turn.role === 'tool') return { role: 'tool', callId: turn.callId, content: turn.content, ...(turn.isError ? { isError: true } : {}) };
    return {
      role: 'assistant',
      text: turn.content ?? null,
      toolCalls: (turn.toolCalls ?? []).map((call) => ({
        id: call.id,
        name: names.toExposed(call.server, call.tool) ?? call.tool,
        arguments: call.arguments,
      })),
    };
  });
}
