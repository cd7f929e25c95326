import { InfrastructureError, SuiteError, UsageError } from '../errors';

/** A JSON client for a running instance's REST API: the bearer token on every call, errors as exit codes. */
export type ApiClient = {
  get<T>(path: string, query?: Record<string, string>): Promise<T>;
  send<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, headers?: Headers): Promise<T>;
};

type ErrorBody = { error?: { code?: string; message?: string; details?: unknown } };

export function createApiClient(baseUrl: string, token: string | undefined, signal: AbortSignal, suiteFile: string): ApiClient {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new UsageError(`--url: '${baseUrl}' is not a URL`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new UsageError(`--url: '${baseUrl}' is not http(s)`);

  async function request<T>(method: string, path: string, init: { query?: Record<string, string>; body?: unknown; headers?: Headers }): Promise<T> {
    const url = new URL(path.replace(/^\//, ''), base.href.endsWith('/') ? base.href : `${base.href}/`);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json');
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (init.body !== undefined) headers.set('content-type', 'application/json');
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body), signal: AbortSignal.any([signal, AbortSignal.timeout(60_000)]) });
    } catch (err) {
      throw new InfrastructureError(`${base.origin} is unreachable (${method} ${url.pathname}): ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: reported below if the status is an error
    }
    if (res.ok) return body as T;
    const error = (body as ErrorBody | null)?.error;
    const what = `${method} ${url.pathname}: ${res.status} ${error?.code ?? ''} ${error?.message ?? text.slice(0, 200)}`.trim();
    if (res.status === 401 || res.status === 403) throw new UsageError(`${what} (check --token or MCP_EVAL_TOKEN: a REST API token from Settings)`);
    if (res.status >= 400 && res.status < 500) throw new SuiteError([{ file: suiteFile, line: null, field: error?.code ?? String(res.status), message: `${what}${detailsOf(error?.details)}` }]);
    throw new InfrastructureError(what);
  }

  return {
    get: (path, query) => request('GET', path, { query }),
    send: (method, path, body, headers) => request(method, path, { body, headers }),
  };
}

function detailsOf(details: unknown): string {
  if (!Array.isArray(details)) return '';
  const parts = details.slice(0, 3).map((d: { path?: unknown; message?: unknown }) => `${typeof d.path === 'string' ? `${d.path}: ` : ''}${String(d.message ?? '')}`);
  return parts.length ? ` (${parts.join('; ')})` : '';
}
