import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../client';
import { appMeta } from '../schema';

export async function getMeta(key: string): Promise<string | undefined> {
  return getDb().select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key)).get()?.value;
}

export async function setMeta(key: string, value: string): Promise<void> {
  getDb().insert(appMeta).values({ key, value }).onConflictDoUpdate({ target: appMeta.key, set: { value } }).run();
}

export async function deleteMeta(key: string): Promise<void> {
  getDb().delete(appMeta).where(eq(appMeta.key, key)).run();
}
