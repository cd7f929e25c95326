import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppError, fromDatabaseError, PayloadTooLargeError, ValidationError } from './errors';
import { log } from './log';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export type ErrorBody = {
  error: { code: string; message: string; details?: unknown };
  requestId: string;
};

/** Honours a well-formed incoming X-Request-Id so callers can correlate logs. */
export function requestIdOf(req: Request): string {
  const incoming = req.headers.get('x-request-id');
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export function json(data: unknown, init: ResponseInit & { requestId?: string } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  if (init.requestId) headers.set('x-request-id', init.requestId);
  return new Response(JSON.stringify(data), { status: init.status ?? 200, headers });
}

export function toErrorResponse(thrown: unknown, requestId: string): Response {
  const err = fromDatabaseError(thrown) ?? thrown;
  if (err instanceof AppError) {
    const body: ErrorBody = { error: { code: err.code, message: err.message }, requestId };
    if (err.details !== undefined) body.error.details = err.details;
    return json(body, { status: err.status, requestId });
  }
  log.error('unhandled error', {
    requestId,
    error: err instanceof Error ? err.message : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  });
  return json(
    { error: { code: 'internal_error', message: 'Internal server error' }, requestId } satisfies ErrorBody,
    { status: 500, requestId },
  );
}

/** Reads the body as text, refusing more than `limit` bytes without buffering them all. */
export async function readBodyText(req: Request, limit = DEFAULT_BODY_LIMIT): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit) throw new PayloadTooLargeError(limit);
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLargeError(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function zodDetails(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what = 'Request body'): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const details = zodDetails(parsed.error);
    const first = details[0];
    const where = first && first.path ? `${first.path}: ` : '';
    throw new ValidationError(`${what} is invalid: ${where}${first?.message ?? 'invalid'}`, details);
  }
  return parsed.data;
}

export function parseJsonText(text: string): unknown {
  if (text.trim() === '') throw new ValidationError('Request body is empty; expected JSON', undefined, 'invalid_json');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ValidationError(
      `Request body is not valid JSON: ${e instanceof Error ? e.message : 'parse error'}`,
      undefined,
      'invalid_json',
    );
  }
}

export async function parseBody<S extends z.ZodType>(
  req: Request,
  schema: S,
  limit = DEFAULT_BODY_LIMIT,
): Promise<z.infer<S>> {
  return parseWith(schema, parseJsonText(await readBodyText(req, limit)));
}

export function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const params = Object.fromEntries(new URL(req.url).searchParams.entries());
  return parseWith(schema, params, 'Query string');
}

type Handler<C> = (req: Request, ctx: C, requestId: string) => Promise<Response>;

/**
 * Adapts a handler to a Next route export: a request id, a JSON log line per request,
 * and every thrown error mapped by toErrorResponse (domain errors to 4xx/5xx, never a stack).
 */
export function route<C>(handler: Handler<C>): (req: Request, ctx: C) => Promise<Response> {
  return async (req, ctx) => {
    const requestId = requestIdOf(req);
    const started = performance.now();
    let res: Response;
    try {
      res = await handler(req, ctx, requestId);
      if (!res.headers.has('x-request-id')) {
        try {
          res.headers.set('x-request-id', requestId);
        } catch {
          // immutable headers (e.g. a proxied Response): the id is still in the log line
        }
      }
    } catch (err) {
      res = toErrorResponse(err, requestId);
    }
    const url = new URL(req.url);
    log.info('request', {
      requestId,
      method: req.method,
      path: url.pathname,
      status: res.status,
      durationMs: Math.round(performance.now() - started),
    });
    return res;
  };
}
