import { getStorageEnv } from '@/lib/env';

export type Dialect = 'sqlite' | 'postgres';

/** `DATABASE_URL=postgres://...` stores everything in Postgres (issue 20); without it, SQLite in DATA_DIR. */
export function dialect(): Dialect {
  return getStorageEnv().databaseUrl ? 'postgres' : 'sqlite';
}

export function isPostgres(): boolean {
  return dialect() === 'postgres';
}
