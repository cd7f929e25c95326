import type { ToolCall } from '../types';

type ParsedArguments = Pick<ToolCall, 'arguments' | 'argumentsError'>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/**
 * Tool-call arguments as the model sent them: a JSON string (OpenAI) or an already decoded
 * value (Anthropic). Anything but a JSON object becomes `null` with the reason, so a malformed
 * call is scored as such instead of failing the run.
 */
export function parseToolArguments(raw: unknown): ParsedArguments {
  if (raw === undefined) return { arguments: null, argumentsError: 'the tool call has no arguments' };
  let value: unknown = raw;
  if (typeof raw === 'string') {
    // Some OpenAI-compatible servers send "" for a call without parameters.
    if (raw.trim() === '') return { arguments: {} };
    try {
      value = JSON.parse(raw) as unknown;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      return { arguments: null, argumentsError: `arguments are not valid JSON: ${reason}` };
    }
  }
  if (!isPlainObject(value)) {
    return { arguments: null, argumentsError: `arguments must be a JSON object, got ${describeType(value)}` };
  }
  return { arguments: value };
}
