import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { getDb } from '../client';
import { apiKeys } from '../tables';
import { newId, nowIso } from './util';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyKind = ApiKeyRow['kind'];

export async function insertApiKey(values: { name: string; keyHash: string; prefix: string; kind?: ApiKeyKind }): Promise<ApiKeyRow> {
  const [row] = await getDb().insert(apiKeys).values({ ...values, id: newId() }).returning();
  if (!row) throw new Error('insert into api_keys returned no row');
  return row;
}

/** All keys, or only one kind's. */
export async function listApiKeys(kind?: ApiKeyKind): Promise<ApiKeyRow[]> {
  return getDb()
    .select()
    .from(apiKeys)
    .where(kind ? eq(apiKeys.kind, kind) : undefined)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function getApiKey(id: string): Promise<ApiKeyRow | undefined> {
  return (await getDb().select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1))[0];
}

/** Only a key of the given kind: an /mcp key is not a REST API token, nor the reverse. */
export async function findApiKeyByHash(keyHash: string, kind: ApiKeyKind = 'mcp'): Promise<ApiKeyRow | undefined> {
  return (
    await getDb()
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, keyHash), eq(apiKeys.kind, kind)))
      .limit(1)
  )[0];
}

/** A key in use (not revoked) of this kind with this name, compared case-insensitively (lower() on both dialects). */
export async function findActiveApiKeyByName(name: string, kind: ApiKeyKind): Promise<ApiKeyRow | undefined> {
  return (
    await getDb()
      .select()
      .from(apiKeys)
      .where(and(sql`lower(${apiKeys.name}) = lower(${name.trim()})`, eq(apiKeys.kind, kind), isNull(apiKeys.revokedAt)))
      .limit(1)
  )[0];
}

/** Revoking twice keeps the first revocation time. */
export async function revokeApiKey(id: string): Promise<ApiKeyRow | undefined> {
  await getDb().update(apiKeys).set({ revokedAt: nowIso() }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
  return getApiKey(id);
}

export async function touchApiKey(id: string, at: string): Promise<void> {
  await getDb().update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
}
