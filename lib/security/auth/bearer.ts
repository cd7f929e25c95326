import 'server-only';
import { findApiKeyByHash, touchApiKey } from '@/db/queries/api-keys';
import { hashApiKey } from '../../mcp-endpoint/key-format';
import { isWellFormedApiToken } from './api-token-format';
import { secretsEqual } from './constant-time';

export type BearerResult = { ok: true; via: 'api-token' | 'admin-token'; tokenId?: string } | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' };

const TOUCH_INTERVAL_MS = 60_000;
const touched = ((globalThis as typeof globalThis & { __mcpEvalTokenTouched?: Map<string, number> }).__mcpEvalTokenTouched ??= new Map());

/** The token of an `Authorization: Bearer …` header, '' when the header is another scheme or empty, null when absent. */
export function bearerTokenOf(headers: { get(name: string): string | null }): string | null {
  const value = headers.get('authorization');
  if (value === null) return null;
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(value.trim());
  return m?.[1] ?? '';
}

/**
 * A REST API token from Settings (looked up on every request, so a revocation bites at once)
 * or the ADMIN_TOKEN, compared in constant time.
 */
export async function checkBearerToken(token: string, adminToken: string | undefined, now = Date.now()): Promise<BearerResult> {
  if (!isWellFormedApiToken(token)) return checkAdminToken(token, adminToken);
  const row = await findApiKeyByHash(hashApiKey(token), 'api');
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (now - (touched.get(row.id) ?? 0) >= TOUCH_INTERVAL_MS) {
    touched.set(row.id, now);
    await touchApiKey(row.id, new Date(now).toISOString());
  }
  return { ok: true, via: 'api-token', tokenId: row.id };
}

/**
 * Anything that is not a Settings token can only be the ADMIN_TOKEN: no database read, so the
 * caller can check and count a wrong guess with no await in between.
 */
export function checkAdminToken(token: string, adminToken: string | undefined): BearerResult {
  if (adminToken !== undefined && token !== '' && secretsEqual(token, adminToken)) return { ok: true, via: 'admin-token' };
  return { ok: false, reason: token === '' ? 'malformed' : 'unknown' };
}
