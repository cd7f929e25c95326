/**
 * The request gate: what every request must satisfy before any page, API route or MCP
 * endpoint sees it. Pure (no Next, no env) so it is tested table by table; proxy.ts feeds it.
 *
 * The threat is a localhost dev tool driven by the browser of its own user: a page on another
 * origin (or a file) posting "simple" CORS requests that need no preflight, and DNS rebinding
 * (an attacker's name resolving to 127.0.0.1, so the browser thinks the app is same-origin).
 * Host stops rebinding, Origin and Sec-Fetch-Site stop cross-origin requests, and a
 * non-simple Content-Type forces a preflight that the app never grants.
 */

export type GateRequest = {
  method: string;
  /** The raw (still percent-encoded) path. */
  path: string;
  headers: { get(name: string): string | null };
};

export type GatePolicy = {
  /** Host names (lower case) accepted on any port: loopback names and configured names without a port. */
  hostNames: ReadonlySet<string>;
  /** `name:port` pairs (lower case) accepted exactly. */
  hostsWithPort: ReadonlySet<string>;
  /** Origins other than the request's own that may call the app (ALLOWED_ORIGINS, APP_URL's). */
  origins: ReadonlySet<string>;
};

export type GateRefusal = { status: 400 | 403 | 415 | 421; code: string; message: string };
export type GateVerdict = { ok: true } | ({ ok: false } & GateRefusal);

const OK: GateVerdict = { ok: true };

/** Body media types that a cross-origin page cannot send without a preflight (which is never granted). */
export const BODY_MEDIA_TYPES: ReadonlySet<string> = new Set([
  'application/json',
  'application/x-ndjson',
  'application/jsonl',
  'application/x-jsonlines',
  'text/csv',
  'application/csv',
  'application/octet-stream',
]);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function refuse(status: GateRefusal['status'], code: string, message: string): GateVerdict {
  return { ok: false, status, code, message };
}

/** Paths whose handlers act on the machine or the data: never reachable from another site. */
export function isApiPath(path: string): boolean {
  return path === '/mcp' || path.startsWith('/mcp/') || path === '/api' || path.startsWith('/api/') || path.startsWith('/demo/');
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Splits a Host header into a lower-case name and port ('' when absent); null when malformed. */
export function parseHost(host: string): { name: string; port: string } | null {
  const value = host.trim().toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(value);
  if (!m || !m[1]) return null;
  return { name: m[1].replace(/\.$/, ''), port: m[2] ?? '' };
}

/**
 * An IP literal cannot be a rebinding attack: rebinding needs a DNS name that the attacker
 * controls, so a browser that sends `Host: 192.168.1.5:3000` really is on that origin.
 */
function isIpLiteral(name: string): boolean {
  return IPV4.test(name) || name.startsWith('[');
}

export function isHostAllowed(host: string | null, policy: GatePolicy): boolean {
  if (!host) return false;
  const parsed = parseHost(host);
  if (!parsed) return false;
  if (isIpLiteral(parsed.name) || policy.hostNames.has(parsed.name)) return true;
  return policy.hostsWithPort.has(`${parsed.name}:${parsed.port}`);
}

function hasMalformedEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

function hasBody(req: GateRequest): boolean {
  const length = req.headers.get('content-length');
  if (length !== null && length.trim() !== '' && Number(length) > 0) return true;
  return req.headers.get('transfer-encoding') !== null;
}

function ownOrigins(req: GateRequest): string[] {
  const host = req.headers.get('host') ?? '';
  const proto = req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const schemes = proto === 'https' ? ['https'] : ['http', 'https'];
  return schemes.map((s) => `${s}://${host.toLowerCase()}`);
}

function isOriginAllowed(origin: string, req: GateRequest, policy: GatePolicy): boolean {
  const value = origin.trim().toLowerCase();
  if (value === 'null' || value === '') return false;
  return ownOrigins(req).includes(value) || policy.origins.has(value);
}

/** A top-level page load (a link or the address bar): allowed from anywhere, it only shows a page. */
function isPageNavigation(req: GateRequest, method: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const mode = req.headers.get('sec-fetch-mode');
  return mode === null || mode === 'navigate';
}

export function checkRequest(req: GateRequest, policy: GatePolicy): GateVerdict {
  const method = req.method.toUpperCase();
  const api = isApiPath(req.path);

  if (hasMalformedEncoding(req.path)) return refuse(400, 'invalid_path', 'The request path has malformed percent-encoding');

  if (!isHostAllowed(req.headers.get('host'), policy)) {
    return refuse(
      421,
      'host_not_allowed',
      `This app does not serve the host '${(req.headers.get('host') ?? '').slice(0, 100)}'. If it is reachable under that name, add it to ALLOWED_HOSTS (or set APP_URL).`,
    );
  }

  const origin = req.headers.get('origin');
  const navigation = !api && isPageNavigation(req, method);
  const trustedOrigin = origin !== null && isOriginAllowed(origin, req, policy);
  if (origin !== null && !trustedOrigin && !navigation) {
    return refuse(403, 'origin_not_allowed', `Requests from the origin '${origin.slice(0, 100)}' are not allowed. Add it to ALLOWED_ORIGINS to allow it.`);
  }

  // Browsers send Sec-Fetch-Site on every request, including no-cors ones that carry no Origin.
  const site = req.headers.get('sec-fetch-site');
  const crossSite = site === 'cross-site' || site === 'same-site';
  if (crossSite && !trustedOrigin && !navigation) {
    return refuse(403, 'cross_site_request', 'Requests from another site are not allowed; use the app itself or a non-browser client.');
  }

  if (!SAFE_METHODS.has(method) && hasBody(req)) {
    const mediaType = (req.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const json = mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
    if (!json && !BODY_MEDIA_TYPES.has(mediaType)) {
      return refuse(
        415,
        'unsupported_media_type',
        `A request body must be sent as application/json (or an import format's own type: text/csv, application/x-ndjson); got '${mediaType || 'none'}'.`,
      );
    }
  }
  return OK;
}
