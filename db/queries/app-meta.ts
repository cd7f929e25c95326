import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../client';
import { appMeta } from '../schema';

export function getMeta(key: string): string | undefined {
  return getDb().select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key)).get()?.value;
}

export function setMeta(key: string, value: string): void {
  getDb().insert(appMeta).values({ key, value }).onConflictDoUpdate({ target: appMeta.key, set: { value } }).run();
}

export function deleteMeta(key: string): void {
  getDb().delete(appMeta).where(eq(appMeta.key, key)).run();
}
