import { z } from 'zod';
import { parseToolArguments } from '../shared/tool-arguments';
import { toUsage } from '../shared/usage';
import { parseResponseShape } from '../shared/response-shape';
import type { ToolCall, Usage } from '../types';

const ContentBlockSchema = z.looseObject({
  type: z.string(),
  text: z.string().nullish(),
  id: z.string().nullish(),
  name: z.string().nullish(),
  input: z.unknown().optional(),
});

const MessageSchema = z.looseObject({
  content: z.array(ContentBlockSchema),
  usage: z.looseObject({ input_tokens: z.number().nullish(), output_tokens: z.number().nullish() }).nullish(),
});

export type ParsedMessage = { toolCalls: ToolCall[]; text: string | null; usage: Usage };

function toToolCall(block: z.infer<typeof ContentBlockSchema>): ToolCall[] {
  if (block.type !== 'tool_use' || !block.name) return [];
  return [{ ...(block.id ? { id: block.id } : {}), name: block.name, ...parseToolArguments(block.input) }];
}

/** Validates the fields the harness relies on and extracts them from a Messages API reply. */
export function parseAnthropicMessage(body: unknown, label: string): ParsedMessage {
  const { content, usage } = parseResponseShape(MessageSchema, body, label);
  const texts = content.flatMap((block) => (block.type === 'text' && block.text ? [block.text] : []));
  return {
    toolCalls: content.flatMap(toToolCall),
    text: texts.length > 0 ? texts.join('\n') : null,
    usage: toUsage(usage?.input_tokens, usage?.output_tokens),
  };
}
