import { NextResponse, type NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';
import { requestIdOf } from '@/lib/http';
import { log } from '@/lib/log';
import { authenticate, refusalResponse } from '@/lib/security/auth/authenticate';
import { checkRequest, type GatePolicy } from '@/lib/security/gate';
import { gatePolicyFrom } from '@/lib/security/policy';

let memo: { env: ReturnType<typeof getEnv>; policy: GatePolicy } | null = null;

function policy(): GatePolicy {
  const env = getEnv();
  if (memo?.env !== env) memo = { env, policy: gatePolicyFrom(env) };
  return memo.policy;
}

/**
 * One gate in front of every page, /api route, /mcp and the demo servers (see
 * lib/security/gate.ts for the rules and SECURITY.md for the threat model).
 */
export async function proxy(req: NextRequest): Promise<NextResponse> {
  const verdict = checkRequest({ method: req.method, path: req.nextUrl.pathname, headers: req.headers }, policy());
  if (!verdict.ok) {
    const requestId = requestIdOf(req);
    log.warn('request refused by the gate', { requestId, method: req.method, path: req.nextUrl.pathname, status: verdict.status, code: verdict.code });
    return NextResponse.json(
      { error: { code: verdict.code, message: verdict.message }, requestId },
      { status: verdict.status, headers: { 'x-request-id': requestId } },
    );
  }
  const auth = await authenticate(req);
  if (!auth.ok) return toNextResponse(refusalResponse(auth, requestIdOf(req), req.url));
  return NextResponse.next();
}

function toNextResponse(res: Response): NextResponse {
  return new NextResponse(res.body, { status: res.status, headers: res.headers });
}

export const config = {
  // Static build output carries no data and runs nothing; everything else goes through the gate.
  matcher: ['/((?!_next/static|_next/image).*)'],
};
