import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../client';
import { appMeta } from '../tables';

export async function getMeta(key: string): Promise<string | undefined> {
  return (await getDb().select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key)).limit(1))[0]?.value;
}

export async function setMeta(key: string, value: string): Promise<void> {
  await getDb().insert(appMeta).values({ key, value }).onConflictDoUpdate({ target: appMeta.key, set: { value } });
}

export async function deleteMeta(key: string): Promise<void> {
  await getDb().delete(appMeta).where(eq(appMeta.key, key));
}
