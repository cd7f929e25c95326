import { PayloadTooLargeError, ValidationError } from '@/lib/errors';
import { createYielder } from '@/lib/event-loop';
import { SimilarityRequestSchema, ToolEntrySchema, type SimilarityRequest, type ToolEntryInput } from './schemas';

/**
 * Large tool sets as a stream: `Content-Type: application/x-ndjson`, one JSON object per line.
 * The first line holds the request's options (any field of the JSON body except the four
 * sources, e.g. {"similarityThreshold": 0.85, "topK": 5}; `{}` for the defaults); every other
 * line is one tool as in `toolList` ({server, name, description, inputSchema | parameters |
 * parameter}). Lines are parsed as they arrive, so memory holds the tools, not the body, and
 * the byte and tool caps are enforced on the way in.
 */
export const NDJSON_BODY_LIMIT = 256 * 1024 * 1024;
export const MAX_STREAMED_TOOLS = 200_000;
/** A line longer than this is refused (a description is at most 20,000 characters). */
const MAX_LINE_BYTES = 1024 * 1024;

export function isNdjson(req: Request): boolean {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/x-ndjson' || type === 'application/ndjson' || type === 'application/jsonl';
}

function lineError(line: number, message: string): ValidationError {
  return new ValidationError(`line ${line}: ${message}`, { line }, 'invalid_ndjson');
}

function parseLine(text: string, line: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw lineError(line, 'not a JSON object');
  }
}

function parseOptions(value: unknown, firstTool: ToolEntryInput): Omit<SimilarityRequest, 'toolList'> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw lineError(1, 'the first line must be an object of options, e.g. {} or {"similarityThreshold": 0.85}');
  for (const source of ['serverList', 'toolList', 'urlList', 'serverIds']) {
    if (source in value) throw lineError(1, `${source} cannot be given in a stream: send one tool per line after the options line`);
  }
  // The options are checked by the JSON body's own schema, with the first tool standing in for the list.
  const parsed = SimilarityRequestSchema.safeParse({ ...value, toolList: [firstTool] });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw lineError(1, `${issue?.path.join('.') || 'options'}: ${issue?.message ?? 'invalid'}`);
  }
  const { toolList: _ignored, ...options } = parsed.data;
  return options;
}

/** Reads the stream into a similarity request with a toolList of up to MAX_STREAMED_TOOLS tools. */
export async function readNdjsonRequest(body: ReadableStream<Uint8Array> | null, limit = NDJSON_BODY_LIMIT, maxTools = MAX_STREAMED_TOOLS): Promise<SimilarityRequest> {
  if (!body) throw new ValidationError('the body is empty: send an options line and one tool per line', undefined, 'invalid_ndjson');
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const pause = createYielder();
  let bytes = 0;
  let pending = '';
  let lineNo = 0;
  let options: unknown;
  const tools: ToolEntryInput[] = [];

  const take = (raw: string) => {
    lineNo++;
    const text = raw.trim();
    if (text === '') return;
    const value = parseLine(text, lineNo);
    if (options === undefined) {
      options = value;
      return;
    }
    const tool = ToolEntrySchema.safeParse(value);
    if (!tool.success) {
      const issue = tool.error.issues[0];
      throw lineError(lineNo, `${issue?.path.join('.') || 'tool'}: ${issue?.message ?? 'invalid tool'}`);
    }
    if (tools.length >= maxTools) throw lineError(lineNo, `more than ${maxTools} tools`);
    tools.push(tool.data);
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > limit) throw new PayloadTooLargeError(limit);
      pending += decoder.decode(value, { stream: true });
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        take(pending.slice(0, newline));
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
        await pause();
      }
      if (pending.length > MAX_LINE_BYTES) throw lineError(lineNo + 1, `a line longer than ${MAX_LINE_BYTES} bytes`);
    }
    take(pending + decoder.decode());
  } catch (err) {
    // Stop the upload: nothing more of it will be read.
    await reader.cancel().catch(() => undefined);
    throw err;
  }
  const first = tools[0];
  if (options === undefined || !first) throw new ValidationError('the stream has no tools: send an options line, then one tool per line', undefined, 'invalid_ndjson');
  return { ...parseOptions(options, first), toolList: tools };
}
