import { QueryPromise } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { getRootDb, getSqlite, type Db } from './client';
import { isPostgres } from './dialect';
import { currentFrame, txStorage } from './tx-context';

/**
 * One async transaction API for both dialects (issue 20).
 *
 * Postgres: drizzle's transaction on a pooled client; getDb() inside `fn` is that transaction.
 *
 * SQLite: better-sqlite3 has one connection and its own transactions cannot span an await, so this opens one
 * with BEGIN IMMEDIATE and ends it with COMMIT or ROLLBACK. One transaction at a time (a mutex), and while it is
 * open, statements from other async contexts wait until it ends (the gate below): without that, another
 * request's write could land inside it and be rolled back with it.
 *
 * Either way: nested calls join the outer transaction, and `fn` must not wait on the network (an LLM or MCP
 * call would hold every other writer back).
 */
export async function withTransaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
  const outer = currentFrame<Db>();
  if (outer) return fn(outer.db);
  if (isPostgres()) {
    const root = getRootDb() as unknown as NodePgDatabase;
    return root.transaction(async (tx) => {
      const db = tx as unknown as Db;
      return txStorage.run({ db, owner: Symbol('tx') }, () => fn(db));
    });
  }
  return sqliteTransaction(fn, 'BEGIN IMMEDIATE');
}

/**
 * A consistent read of several statements (a metrics page's figures): Postgres REPEATABLE READ, READ ONLY; SQLite
 * a deferred BEGIN, which reads one snapshot without taking the write lock other processes (a worker, the CLI)
 * need. Same nesting and gating as withTransaction.
 */
export async function withReadTransaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
  const outer = currentFrame<Db>();
  if (outer) return fn(outer.db);
  if (isPostgres()) {
    const root = getRootDb() as unknown as NodePgDatabase;
    return root.transaction(
      async (tx) => {
        const db = tx as unknown as Db;
        return txStorage.run({ db, owner: Symbol('read') }, () => fn(db));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
  return sqliteTransaction(fn, 'BEGIN DEFERRED');
}

type Gate = { owner: symbol; done: Promise<void> };
type SqliteState = { tail: Promise<void>; open: Gate | null; patched: boolean };

// On globalThis, like the connection: every server chunk that bundles this module must share one mutex.
const holder = globalThis as typeof globalThis & { __mcpEvalSqliteTx?: SqliteState };
const state: SqliteState = (holder.__mcpEvalSqliteTx ??= { tail: Promise.resolve(), open: null, patched: false });

async function sqliteTransaction<T>(fn: (tx: Db) => Promise<T>, begin: 'BEGIN IMMEDIATE' | 'BEGIN DEFERRED'): Promise<T> {
  installGate();
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  const previous = state.tail;
  state.tail = previous.then(() => done);
  await previous;
  const owner = Symbol('tx');
  state.open = { owner, done };
  try {
    const sqlite = getSqlite();
    const db = getRootDb();
    sqlite.exec(begin);
    try {
      const result = await txStorage.run({ db, owner }, () => fn(db));
      sqlite.exec('COMMIT');
      return result;
    } catch (err) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw err;
    }
  } finally {
    state.open = null;
    release();
  }
}

/**
 * Resolves when a statement of the current async context may run on the SQLite connection: at once outside any
 * open transaction or inside its owner; else after it ends (again, should the next one have opened meanwhile).
 * Returns null when no wait is needed, so the common path stays synchronous.
 */
export function sqliteGate(): Promise<void> | null {
  const open = state.open;
  if (!open || currentFrame()?.owner === open.owner) return null;
  return (async () => {
    for (let gate = state.open; gate && currentFrame()?.owner !== gate.owner; gate = state.open) await gate.done;
  })();
}

/**
 * Runs `fn`, synchronous SQLite work, in this context's turn: at once when no other context's transaction is
 * open, else once it has ended. The gate is checked again right before `fn` runs, in the same microtask, so no
 * transaction can open between the check and the work (a resolved wait alone leaves a microtask in between).
 */
export function inSqliteTurn<T>(fn: () => T): T | Promise<T> {
  const wait = sqliteGate();
  return wait ? wait.then(() => inSqliteTurn(fn)) : fn();
}

/** Every awaited drizzle query passes the gate first (SQLite only; idempotent). */
function installGate(): void {
  if (state.patched) return;
  state.patched = true;
  const proto = QueryPromise.prototype as { then: QueryPromise<unknown>['then'] };
  const original = proto.then;
  proto.then = function gatedThen<R1, R2>(
    this: QueryPromise<unknown>,
    onFulfilled?: ((value: unknown) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return Promise.resolve(inSqliteTurn(() => original.call(this, onFulfilled, onRejected) as Promise<R1 | R2>));
  } as QueryPromise<unknown>['then'];
}
