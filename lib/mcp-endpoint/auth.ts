import 'server-only';
import { findApiKeyByHash, touchApiKey, type ApiKeyRow } from '@/db/queries/api-keys';
import { hashApiKey, isWellFormedApiKey } from './key-format';

export const AUTH_MESSAGES = {
  missing: 'API key required in X-API-Key header',
  malformed: 'Invalid API key format',
  unknown: 'Invalid API key',
  revoked: 'API key has been revoked',
} as const;

export type AuthFailure = keyof typeof AUTH_MESSAGES;
export type AuthResult = { ok: true; key: ApiKeyRow } | { ok: false; reason: AuthFailure; message: string };

const TOUCH_INTERVAL_MS = 60_000;
// Per key, when last_used_at was last written: one write per minute is precise enough and
// keeps a busy client from writing on every request.
const touched = ((globalThis as typeof globalThis & { __mcpEvalKeyTouched?: Map<string, number> }).__mcpEvalKeyTouched ??= new Map());

function fail(reason: AuthFailure): AuthResult {
  return { ok: false, reason, message: AUTH_MESSAGES[reason] };
}

/** Looked up on every request (one indexed read), so a revocation takes effect at once. */
export async function authenticate(headers: Headers, now = Date.now()): Promise<AuthResult> {
  const key = headers.get('x-api-key')?.trim();
  if (!key) return fail('missing');
  if (!isWellFormedApiKey(key)) return fail('malformed');
  const row = await findApiKeyByHash(hashApiKey(key));
  if (!row) return fail('unknown');
  if (row.revokedAt) return fail('revoked');
  const last = touched.get(row.id) ?? 0;
  if (now - last >= TOUCH_INTERVAL_MS) {
    touched.set(row.id, now);
    await touchApiKey(row.id, new Date(now).toISOString());
  }
  return { ok: true, key: row };
}
