import 'server-only';
import { desc, eq, isNull, and } from 'drizzle-orm';
import { getDb } from '../client';
import { apiKeys } from '../schema';
import { newId, nowIso } from './util';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function insertApiKey(values: { name: string; keyHash: string; prefix: string }): ApiKeyRow {
  return getDb().insert(apiKeys).values({ ...values, id: newId() }).returning().get();
}

export function listApiKeys(): ApiKeyRow[] {
  return getDb().select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).all();
}

export function getApiKey(id: string): ApiKeyRow | undefined {
  return getDb().select().from(apiKeys).where(eq(apiKeys.id, id)).get();
}

export function findApiKeyByHash(keyHash: string): ApiKeyRow | undefined {
  return getDb().select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).get();
}

/** Revoking twice keeps the first revocation time. */
export function revokeApiKey(id: string): ApiKeyRow | undefined {
  getDb().update(apiKeys).set({ revokedAt: nowIso() }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).run();
  return getApiKey(id);
}

export function touchApiKey(id: string, at: string): void {
  getDb().update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id)).run();
}
