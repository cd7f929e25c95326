import { json, route } from '@/lib/http';
import { authenticate, authPolicy } from '@/lib/security/auth/authenticate';

/** Whether authentication is on and how this request got in (the UI shows "Log out" from it). */
export const GET = route(async (req) => {
  const decision = await authenticate(req);
  return json({ authEnabled: authPolicy().mode === 'on', via: decision.ok ? decision.via : null }, { headers: { 'cache-control': 'no-store' } });
});
