import { z } from 'zod';
import { parseToolArguments } from '../shared/tool-arguments';
import { toUsage } from '../shared/usage';
import { parseResponseShape } from '../shared/response-shape';
import type { ToolCall, Usage } from '../types';

// Loose on purpose: OpenAI-compatible servers add, omit or vary fields the SDK types promise.
const ToolCallSchema = z.looseObject({
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.looseObject({ name: z.string(), arguments: z.unknown().optional() }).nullish(),
});

const ChatCompletionSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({
          content: z.unknown().optional(),
          tool_calls: z.array(ToolCallSchema).nullish(),
        }),
      }),
    )
    .min(1),
  usage: z.looseObject({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish() }).nullish(),
});

export type ParsedCompletion = { toolCalls: ToolCall[]; text: string | null; usage: Usage };

/** Content is a string in OpenAI's API; some compatible servers send text parts instead. */
function readText(content: unknown): string | null {
  if (typeof content === 'string') return content === '' ? null : content;
  if (!Array.isArray(content)) return null;
  const parts = content.flatMap((part: unknown) =>
    typeof part === 'object' && part !== null && 'text' in part && typeof part.text === 'string' ? [part.text] : [],
  );
  return parts.length > 0 ? parts.join('\n') : null;
}

function toToolCall(call: z.infer<typeof ToolCallSchema>): ToolCall[] {
  // Only function calls can answer our function tools; other kinds are ignored.
  if (!call.function || (call.type && call.type !== 'function')) return [];
  const parsed = parseToolArguments(call.function.arguments);
  return [{ ...(call.id ? { id: call.id } : {}), name: call.function.name, ...parsed }];
}

/** Validates the fields the harness relies on and extracts them from a chat completion. */
export function parseChatCompletion(body: unknown, label: string): ParsedCompletion {
  const { choices, usage } = parseResponseShape(ChatCompletionSchema, body, label);
  const message = choices[0]?.message;
  return {
    toolCalls: (message?.tool_calls ?? []).flatMap(toToolCall),
    text: readText(message?.content),
    usage: toUsage(usage?.prompt_tokens, usage?.completion_tokens),
  };
}
