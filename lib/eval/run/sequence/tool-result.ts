import type { ToolResultPayload } from '../../sequence/types';
import { RESULT_TEXT_LIMIT } from './limits';

/** The structured value `$fromResult` paths read is kept up to this many characters of JSON. */
export const RESULT_JSON_LIMIT = RESULT_TEXT_LIMIT * 5;

type ContentItem = { type?: unknown; text?: unknown; mimeType?: unknown; uri?: unknown; name?: unknown; resource?: unknown };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text content as is; other kinds named in one line (their bytes are not shown to the model). */
function describeItem(item: ContentItem): string {
  if (item.type === 'text' && typeof item.text === 'string') return item.text;
  if (item.type === 'resource' && isObject(item.resource)) {
    const r = item.resource;
    if (typeof r.text === 'string') return r.text;
    return `[resource ${typeof r.uri === 'string' ? r.uri : ''}${typeof r.mimeType === 'string' ? ` (${r.mimeType})` : ''}]`;
  }
  if (item.type === 'resource_link') return `[resource link ${typeof item.uri === 'string' ? item.uri : ''}]`;
  const kind = typeof item.type === 'string' ? item.type : 'unknown';
  return `[${kind} content${typeof item.mimeType === 'string' ? ` (${item.mimeType})` : ''} not shown]`;
}

function parseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/** Cuts text past the limit, saying how much was cut (the model and the trajectory see the same). */
export function capText(text: string, limit = RESULT_TEXT_LIMIT): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n[truncated: ${text.length - limit} more characters]`;
}

function capJson(value: unknown): unknown {
  if (value === undefined) return undefined;
  const size = JSON.stringify(value)?.length ?? 0;
  return size <= RESULT_JSON_LIMIT ? value : undefined;
}

/**
 * An MCP CallToolResult as fed back to the model: its content as text (size-capped), its
 * error flag, and the JSON that `$fromResult` reads (structuredContent, else the text when it
 * is JSON). The server is untrusted: anything not of the expected shape is shown as found.
 */
export function toResultPayload(result: unknown): ToolResultPayload {
  const body = isObject(result) ? result : {};
  const content = Array.isArray(body.content) ? (body.content as unknown[]) : [];
  const fullText = content.map((item) => describeItem(isObject(item) ? item : {})).join('\n');
  const structured = isObject(body.structuredContent) ? body.structuredContent : undefined;
  const text = fullText === '' && structured ? JSON.stringify(structured) : fullText;
  const json = capJson(structured ?? parseJson(fullText));
  return { text: capText(text), isError: body.isError === true, ...(json !== undefined ? { json } : {}) };
}

/** A result the harness writes itself (mock, refusal, failure). */
export function textPayload(text: string, isError: boolean): ToolResultPayload {
  const json = capJson(parseJson(text));
  return { text: capText(text), isError, ...(json !== undefined ? { json } : {}) };
}
