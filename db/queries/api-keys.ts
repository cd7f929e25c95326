import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { getDb } from '../client';
import { apiKeys } from '../schema';
import { newId, nowIso } from './util';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyKind = ApiKeyRow['kind'];

export async function insertApiKey(values: { name: string; keyHash: string; prefix: string; kind?: ApiKeyKind }): Promise<ApiKeyRow> {
  return getDb().insert(apiKeys).values({ ...values, id: newId() }).returning().get();
}

/** All keys, or only one kind's. */
export async function listApiKeys(kind?: ApiKeyKind): Promise<ApiKeyRow[]> {
  return getDb()
    .select()
    .from(apiKeys)
    .where(kind ? eq(apiKeys.kind, kind) : undefined)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .all();
}

export async function getApiKey(id: string): Promise<ApiKeyRow | undefined> {
  return getDb().select().from(apiKeys).where(eq(apiKeys.id, id)).get();
}

/** Only a key of the given kind: an /mcp key is not a REST API token, nor the reverse. */
export async function findApiKeyByHash(keyHash: string, kind: ApiKeyKind = 'mcp'): Promise<ApiKeyRow | undefined> {
  return getDb()
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), eq(apiKeys.kind, kind)))
    .get();
}

/** A key in use (not revoked) of this kind with this name, compared case-insensitively. */
export async function findActiveApiKeyByName(name: string, kind: ApiKeyKind): Promise<ApiKeyRow | undefined> {
  return getDb()
    .select()
    .from(apiKeys)
    .where(and(sql`${apiKeys.name} = ${name.trim()} collate nocase`, eq(apiKeys.kind, kind), isNull(apiKeys.revokedAt)))
    .get();
}

/** Revoking twice keeps the first revocation time. */
export async function revokeApiKey(id: string): Promise<ApiKeyRow | undefined> {
  getDb().update(apiKeys).set({ revokedAt: nowIso() }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).run();
  return getApiKey(id);
}

export async function touchApiKey(id: string, at: string): Promise<void> {
  getDb().update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id)).run();
}
