type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type ApiResult<T = unknown> = { status: number; body: T; headers: Headers; text: string };

export type CallOptions = {
  params?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
};

/** Calls a Next route handler in-process with a real Request, as Next would. */
export async function call<T = Record<string, unknown>>(
  handler: unknown,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResult<T>> {
  const url = new URL(path, 'http://localhost');
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(options.headers);
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const req = new Request(url, { method, headers, body });
  const res = await (handler as RouteHandler)(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (exports): keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers, text };
}
