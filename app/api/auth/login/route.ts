import { json, parseBody, route } from '@/lib/http';
import { login, LoginInputSchema } from '@/lib/security/auth/login';
import { clientAddressOf, isSecureRequest } from '@/lib/security/auth/request-context';

/** Sets the session cookie on the right password; 401 on a wrong one, 429 (Retry-After) past the limit. */
export const POST = route(async (req, _ctx, requestId) => {
  const input = await parseBody(req, LoginInputSchema);
  const result = login(input, { client: clientAddressOf(req.headers), secure: isSecureRequest(req.headers) });
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (result.ok) {
    headers.set('set-cookie', result.cookie);
    return json({ authenticated: true, expiresAt: result.expiresAt }, { headers });
  }
  if (result.retryAfterSeconds !== undefined) headers.set('retry-after', String(result.retryAfterSeconds));
  return json({ error: { code: result.code, message: result.message }, requestId }, { status: result.status, headers, requestId });
});
