import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted stand-in for the OpenAI chat-completions and Anthropic messages APIs, so the
 * real SDKs can be tested offline and deterministically. Replies are chosen by the text of
 * the LAST user message of each request; every request is recorded for assertions.
 *
 * It also speaks OpenAI's embeddings API (POST /v1/embeddings): deterministic bag-of-words
 * vectors (see scriptedEmbedding), as floats or base64 as the request asks. Rules match the
 * request's inputs joined by newlines; an error, malformed, json or hang reply overrides the
 * vectors, any other reply (text, tool calls, the default) yields them.
 */

/** Matches the last user message's text: exact string, RegExp, or predicate. */
export type QueryMatcher = string | RegExp | ((query: string) => boolean);

export type ScriptedUsage = { inputTokens: number; outputTokens: number };

export type ScriptedToolCall = {
  name: string;
  /** An object is JSON-encoded; a string is sent raw (it may be malformed on purpose). */
  arguments: Record<string, unknown> | string;
};

export type ScriptedReply =
  | { toolCalls: ScriptedToolCall[]; text?: string; delayMs?: number; usage?: ScriptedUsage }
  | { text: string; delayMs?: number; usage?: ScriptedUsage }
  /**
   * An HTTP error in the API's error format (or `body`). `retryAfter` (seconds) sets Retry-After;
   * `headers` adds any others (e.g. retry-after-ms for sub-second retries in fast tests).
   */
  | { status: number; retryAfter?: number; headers?: Record<string, string>; body?: unknown; delayMs?: number }
  /** 200 with a JSON content type and a body that is not JSON. */
  | { malformed: true; delayMs?: number }
  /** 200 with this exact JSON body (e.g. a well-formed body of the wrong shape). */
  | { json: unknown; delayMs?: number }
  /** Never answers (the socket stays open until the client gives up or the server closes). */
  | { hang: true };

export type ScriptRule = { match: QueryMatcher; replies: ScriptedReply[] };

/** What a computed reply sees of a request (see LlmScript.respond). */
export type ScriptedRequest = { api: LlmApi | 'unknown'; body: unknown; query: string | null };

export type LlmScript = {
  /** First matching rule wins; its replies are consumed in order and the last one repeats. */
  rules?: ScriptRule[];
  /**
   * A reply computed from the request itself (e.g. from the tools it offers; see
   * description-model.ts), for queries no rule matches; undefined falls through to `default`.
   */
  respond?: (request: ScriptedRequest) => ScriptedReply | undefined;
  /** For queries no rule matches. */
  default?: ScriptedReply;
};

export type LlmApi = 'openai' | 'anthropic';

export type RecordedRequest = {
  api: LlmApi | 'unknown';
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  /** Text of the last user message, or null if there is none (embeddings: the inputs joined by newlines). */
  query: string | null;
  /** Date.now() when the request arrived (to assert retry delays). */
  receivedAt: number;
};

export type LlmServer = {
  url: string;
  /** Pass as the OpenAI SDK's baseURL (ends in /v1). */
  openaiBaseUrl: string;
  /** Pass as the Anthropic SDK's baseURL (the SDK appends /v1/messages). */
  anthropicBaseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
};

const DEFAULT_REPLY: ScriptedReply = { text: 'No scripted reply for this query.' };
const OPENAI_PATHS = new Set(['/v1/chat/completions', '/chat/completions']);
const ANTHROPIC_PATHS = new Set(['/v1/messages', '/messages']);
const EMBEDDING_PATHS = new Set(['/v1/embeddings', '/embeddings']);
/** Vector sizes of OpenAI's embedding models; a request's `dimensions` wins, unknown models get 1536. */
const EMBEDDING_DIMENSIONS: Record<string, number> = { 'text-embedding-3-small': 1536, 'text-embedding-3-large': 3072, 'text-embedding-ada-002': 1536 };

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function detectApi(path: string): LlmApi | 'unknown' {
  if (OPENAI_PATHS.has(path) || EMBEDDING_PATHS.has(path)) return 'openai';
  if (ANTHROPIC_PATHS.has(path)) return 'anthropic';
  return 'unknown';
}

/** Text parts of a message's content: a string, or an array of `{type:'text', text}` parts. */
function readContentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part): part is { type: 'text'; text: string } => isObject(part) && part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

function readLastUserText(body: unknown): string | null {
  if (!isObject(body) || !Array.isArray(body.messages)) return null;
  const users = body.messages.filter((m): m is JsonObject => isObject(m) && m.role === 'user');
  const last = users.at(-1);
  return last ? readContentText(last.content) : null;
}

function readEmbeddingInputs(body: unknown): string[] | null {
  if (!isObject(body)) return null;
  if (typeof body.input === 'string') return [body.input];
  if (Array.isArray(body.input) && body.input.every((i) => typeof i === 'string')) return body.input as string[];
  return null;
}

/**
 * The server's embedding of `text`: each lowercase word adds +-1 to a hashed coordinate, then
 * the vector is L2-normalised. Texts sharing words are closer; identical texts are identical.
 */
export function scriptedEmbedding(text: string, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let hash = 2166136261;
    for (const ch of word) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
    vector[hash % dimensions]! += hash & 0x80000000 ? -1 : 1;
  }
  const norm = Math.hypot(...vector);
  return norm > 0 ? vector.map((v) => v / norm) : vector;
}

function formatEmbeddings(body: unknown, inputs: string[]): JsonObject {
  const model = isObject(body) && typeof body.model === 'string' ? body.model : 'text-embedding-3-small';
  const requested = isObject(body) && typeof body.dimensions === 'number' ? body.dimensions : undefined;
  const dimensions = requested ?? EMBEDDING_DIMENSIONS[model] ?? 1536;
  const base64 = isObject(body) && body.encoding_format === 'base64';
  const tokens = inputs.reduce((n, text) => n + Math.ceil(text.length / 4), 0);
  return {
    object: 'list',
    model,
    data: inputs.map((text, index) => {
      const vector = scriptedEmbedding(text, dimensions);
      const embedding = base64 ? Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64') : Array.from(vector);
      return { object: 'embedding', index, embedding };
    }),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

function matches(matcher: QueryMatcher, query: string): boolean {
  if (typeof matcher === 'string') return matcher === query;
  if (matcher instanceof RegExp) {
    matcher.lastIndex = 0;
    return matcher.test(query);
  }
  return matcher(query);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function encodeArguments(args: ScriptedToolCall['arguments']): string {
  return typeof args === 'string' ? args : JSON.stringify(args);
}

/** Anthropic always sends an object; a raw string that is not a JSON object is sent as-is to test parsing. */
function decodeAnthropicInput(args: ScriptedToolCall['arguments']): unknown {
  if (typeof args !== 'string') return args;
  const parsed = parseJson(args);
  return isObject(parsed) ? parsed : args;
}

function estimateUsage(body: unknown, usage: ScriptedUsage | undefined): ScriptedUsage {
  return usage ?? { inputTokens: Math.ceil(JSON.stringify(body ?? '').length / 4), outputTokens: 16 };
}

function readModel(body: unknown): string {
  return isObject(body) && typeof body.model === 'string' ? body.model : 'scripted-model';
}

type Answer = { toolCalls: ScriptedToolCall[]; text: string | null; usage: ScriptedUsage };

function formatOpenAiCompletion(seq: number, body: unknown, answer: Answer): JsonObject {
  const toolCalls = answer.toolCalls.map((call, i) => ({
    id: `call_${seq}_${i}`,
    type: 'function',
    function: { name: call.name, arguments: encodeArguments(call.arguments) },
  }));
  return {
    id: `chatcmpl-scripted-${seq}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: readModel(body),
    system_fingerprint: 'fp_scripted',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.text,
          refusal: null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: {
      prompt_tokens: answer.usage.inputTokens,
      completion_tokens: answer.usage.outputTokens,
      total_tokens: answer.usage.inputTokens + answer.usage.outputTokens,
    },
  };
}

function formatAnthropicMessage(seq: number, body: unknown, answer: Answer): JsonObject {
  const content: JsonObject[] = [];
  if (answer.text !== null) content.push({ type: 'text', text: answer.text });
  answer.toolCalls.forEach((call, i) => {
    content.push({ type: 'tool_use', id: `toolu_scripted_${seq}_${i}`, name: call.name, input: decodeAnthropicInput(call.arguments) });
  });
  return {
    id: `msg_scripted_${seq}`,
    type: 'message',
    role: 'assistant',
    model: readModel(body),
    content,
    stop_reason: answer.toolCalls.length > 0 ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: answer.usage.inputTokens,
      output_tokens: answer.usage.outputTokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    },
  };
}

const ERROR_TYPES: Record<number, { openai: string; anthropic: string }> = {
  400: { openai: 'invalid_request_error', anthropic: 'invalid_request_error' },
  401: { openai: 'invalid_request_error', anthropic: 'authentication_error' },
  403: { openai: 'permission_denied', anthropic: 'permission_error' },
  404: { openai: 'invalid_request_error', anthropic: 'not_found_error' },
  429: { openai: 'rate_limit_exceeded', anthropic: 'rate_limit_error' },
  529: { openai: 'server_error', anthropic: 'overloaded_error' },
};

function formatError(api: LlmApi | 'unknown', status: number): JsonObject {
  const message = `Scripted error ${status}`;
  const types = ERROR_TYPES[status] ?? { openai: 'server_error', anthropic: 'api_error' };
  if (api === 'anthropic') return { type: 'error', error: { type: types.anthropic, message } };
  return { error: { message, type: types.openai, param: null, code: null } };
}

function sendJson(res: ServerResponse, status: number, payload: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers });
  res.end(payload);
}

export async function startLlmServer(script: LlmScript = {}): Promise<LlmServer> {
  const requests: RecordedRequest[] = [];
  const consumed = new Map<ScriptRule, number>();
  const timers = new Set<NodeJS.Timeout>();
  // Embedding requests, by their parsed body: answered with vectors unless the script says otherwise.
  const embeddingInputs = new WeakMap<object, string[]>();
  let seq = 0;

  function pickReply(request: ScriptedRequest): ScriptedReply {
    const { query } = request;
    const rule = query === null ? undefined : script.rules?.find((r) => matches(r.match, query));
    if (!rule || rule.replies.length === 0) {
      // Embedding requests get vectors; a reply computed for a chat turn does not apply to them.
      const isEmbedding = isObject(request.body) && embeddingInputs.has(request.body);
      return (isEmbedding ? undefined : script.respond?.(request)) ?? script.default ?? DEFAULT_REPLY;
    }
    const index = consumed.get(rule) ?? 0;
    consumed.set(rule, index + 1);
    return rule.replies[Math.min(index, rule.replies.length - 1)] ?? DEFAULT_REPLY;
  }

  function sendReply(res: ServerResponse, api: LlmApi | 'unknown', body: unknown, reply: ScriptedReply): void {
    seq += 1;
    if ('status' in reply) {
      const headers: Record<string, string> = {
        ...(reply.retryAfter !== undefined ? { 'retry-after': String(reply.retryAfter) } : {}),
        ...reply.headers,
      };
      sendJson(res, reply.status, JSON.stringify(reply.body ?? formatError(api, reply.status)), headers);
      return;
    }
    if ('malformed' in reply) {
      sendJson(res, 200, '{"id": "broken", "choices": [ {"message": ');
      return;
    }
    if ('json' in reply) {
      sendJson(res, 200, JSON.stringify(reply.json));
      return;
    }
    if ('hang' in reply) return;
    const inputs = isObject(body) ? embeddingInputs.get(body) : undefined;
    if (inputs) {
      sendJson(res, 200, JSON.stringify(formatEmbeddings(body, inputs)), { 'x-request-id': `req_scripted_${seq}` });
      return;
    }
    const answer: Answer = {
      toolCalls: 'toolCalls' in reply ? reply.toolCalls : [],
      text: reply.text ?? null,
      usage: estimateUsage(body, reply.usage),
    };
    const payload = api === 'anthropic' ? formatAnthropicMessage(seq, body, answer) : formatOpenAiCompletion(seq, body, answer);
    sendJson(res, 200, JSON.stringify(payload), { 'x-request-id': `req_scripted_${seq}` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const api = detectApi(path);
    const body = parseJson(await readBody(req));
    const inputs = EMBEDDING_PATHS.has(path) ? readEmbeddingInputs(body) : null;
    if (inputs && isObject(body)) embeddingInputs.set(body, inputs);
    const query = inputs ? inputs.join('\n') : readLastUserText(body);
    requests.push({ api, method: req.method ?? 'GET', path, headers: flattenHeaders(req), body, query, receivedAt: Date.now() });
    if (api === 'unknown' || req.method !== 'POST') {
      sendJson(res, 404, JSON.stringify({ error: { message: `No scripted route for ${req.method} ${path}` } }));
      return;
    }
    if (EMBEDDING_PATHS.has(path) && !inputs) {
      sendJson(res, 400, JSON.stringify({ error: { message: "'input' must be a string or an array of strings", type: 'invalid_request_error', param: 'input', code: null } }));
      return;
    }
    const reply = pickReply({ api, body, query });
    const delayMs = 'delayMs' in reply ? (reply.delayMs ?? 0) : 0;
    if (delayMs <= 0) {
      sendReply(res, api, body, reply);
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) sendReply(res, api, body, reply);
    }, delayMs);
    timers.add(timer);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, JSON.stringify({ error: { message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        // Hanging replies keep sockets open; close() alone would wait for them forever.
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
