import 'server-only';
import { getSqlite } from '@/db/client';
import { isPostgres } from '@/db/dialect';

/**
 * Metrics answers kept until the database changes (issue 19: /metrics usable within 1 s at 1M
 * runs). On SQLite every read runs on the request thread, so a page's 0.7 s summary (and the
 * flaky cases' 20-40 s at 1M runs, before their rollup) held every other request of the page, and of the next page
 * view, behind it; a page seen again with nothing changed now answers from here.
 *
 * The key is the filter's text plus the database's version: this connection's total_changes()
 * (every row it inserted, updated or deleted, triggers and temp tables included, rolled back or
 * not) and PRAGMA data_version (changes by any other connection: the CLI, a worker). Both only
 * grow, and the version is read before the answer is computed, so an answer is served only
 * while nothing has changed since before it was read; a change in between makes the next call
 * compute again. Postgres reads do not hold the request thread (and other processes write
 * without a version this process could read cheaply): no cache there.
 */

const MAX_ENTRIES = 64;

type Entry = { version: string; value: Promise<unknown> };

const holder = globalThis as typeof globalThis & { __mcpEvalMetricsCache?: Map<string, Entry> };
// On globalThis: every server chunk that bundles this module shares one cache.
const entries: Map<string, Entry> = (holder.__mcpEvalMetricsCache ??= new Map());

/** The SQLite database's version as seen by this connection: it changes whenever any row may have. */
export function databaseVersion(): string {
  const sqlite = getSqlite();
  const changes = sqlite.prepare<[], number>('select total_changes()').pluck().get() ?? 0;
  const other = sqlite.pragma('data_version', { simple: true }) as number;
  return `${changes}:${other}`;
}

/**
 * `compute()`'s answer for `key` while the database is unchanged; concurrent calls with the
 * same key and version share one computation. A failed computation is not kept.
 */
export async function cachedUntilChanged<T>(key: string, compute: () => Promise<T>): Promise<T> {
  if (isPostgres()) return compute();
  const version = databaseVersion();
  const hit = entries.get(key);
  if (hit && hit.version === version) return hit.value as Promise<T>;
  const value = compute();
  entries.delete(key);
  entries.set(key, { version, value });
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/** Forgets every answer (tests). */
export function clearMetricsCache(): void {
  entries.clear();
}
