import { json, route } from '@/lib/http';
import { isSecureRequest } from '@/lib/security/auth/request-context';
import { clearSessionCookie } from '@/lib/security/auth/session-cookie';

/** Clears the cookie (sessions are stateless: changing ADMIN_PASSWORD ends every one of them). */
export const POST = route(async (req) =>
  json({ authenticated: false }, { headers: { 'set-cookie': clearSessionCookie(isSecureRequest(req.headers)), 'cache-control': 'no-store' } }),
);
