/**
 * Which requests need no session or token when authentication is on, decided on the raw path.
 *
 * - `/mcp` keeps its own X-API-Key authentication (lib/mcp-endpoint/auth.ts).
 * - The login page, POST /api/auth/login and /api/auth/logout: the way in and out.
 * - GET /api/health: load balancers and uptime checks probe it without credentials.
 * - `/demo/*`: the demo MCP servers are fixtures the app evaluates through its own URL
 *   (APP_URL), with no way to present a session; their tools only read canned data.
 * - Next's static assets and the app icon: the login page needs them.
 *
 * Prefix matches refuse anything that could step out of the prefix once decoded
 * (`..`, encoded slashes or backslashes): such a path is then simply not public.
 */
export type Access = 'own-auth' | 'public' | 'protected';

const PUBLIC_EXACT: ReadonlyArray<{ path: string; methods: ReadonlySet<string> }> = [
  { path: '/login', methods: new Set(['GET', 'HEAD']) },
  { path: '/api/auth/login', methods: new Set(['POST']) },
  { path: '/api/auth/logout', methods: new Set(['POST']) },
  { path: '/api/health', methods: new Set(['GET', 'HEAD']) },
  { path: '/icon.svg', methods: new Set(['GET', 'HEAD']) },
  { path: '/favicon.ico', methods: new Set(['GET', 'HEAD']) },
];

const PUBLIC_PREFIXES = ['/demo/', '/_next/static/'];

function staysInside(path: string): boolean {
  if (/%2f|%5c|\\/i.test(path)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return !decoded.split('/').some((segment) => segment === '..' || segment === '.');
}

export function classifyPath(method: string, path: string): Access {
  if (path === '/mcp' || path.startsWith('/mcp/')) return 'own-auth';
  const m = method.toUpperCase();
  if (PUBLIC_EXACT.some((p) => p.path === path && p.methods.has(m))) return 'public';
  if (PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix)) && staysInside(path)) return 'public';
  return 'protected';
}

/** Where a refused request is answered with JSON rather than sent to the login page. */
export function wantsJson(method: string, path: string): boolean {
  const m = method.toUpperCase();
  return path === '/api' || path.startsWith('/api/') || (m !== 'GET' && m !== 'HEAD');
}
