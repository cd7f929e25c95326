/**
 * The two-dialect query layer (issue 20) on whichever database the project gives this file: SQLite in the
 * `default` project, a real Postgres in `postgres`. Same assertions on both.
 */
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb, prepareDatabase } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { affected, all, get, likeInsensitive, run, sqlBool } from '@/db/sql';
import { apiKeys, appMeta } from '@/db/tables';
import { fromDatabaseError } from '@/lib/errors';
import { withReadTransaction, withTransaction } from '@/db/transaction';
import { txStorage } from '@/db/tx-context';

const expectedDialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

async function value(key: string): Promise<string | undefined> {
  return (await getDb().select().from(appMeta).where(eq(appMeta.key, key)).limit(1))[0]?.value;
}

beforeAll(async () => {
  await prepareDatabase();
});

describe(`query layer on ${expectedDialect}`, () => {
  it('runs on the dialect DATABASE_URL names', () => {
    expect(isPostgres()).toBe(expectedDialect === 'postgres');
  });

  it('awaited builders read and write, and counts come back as numbers', async () => {
    await getDb().insert(appMeta).values([{ key: 'layer.a', value: 'Alpha' }, { key: 'layer.b', value: 'beta' }]);
    expect(await value('layer.a')).toBe('Alpha');
    const [row] = await getDb().select({ n: count() }).from(appMeta).where(sql`${appMeta.key} like 'layer.%'`);
    expect(row?.n).toBe(2);
    const raw = await get<{ n: number }>(sql`SELECT count(*) AS n FROM app_meta WHERE key LIKE 'layer.%'`);
    expect(raw?.n).toBe(2);
    expect(typeof raw?.n).toBe('number');
  });

  it('raw all/run and affected() report rows the same way', async () => {
    const changed = await run(sql`UPDATE app_meta SET value = 'BETA' WHERE key = 'layer.b'`);
    expect(changed).toBe(1);
    const result = await getDb().update(appMeta).set({ value: 'again' }).where(sql`${appMeta.key} like 'layer.%'`);
    expect(affected(result)).toBe(2);
    const rows = await all<{ key: string; flag: unknown }>(sql`SELECT key, ${sqlBool(true)} AS flag FROM app_meta WHERE key LIKE 'layer.%' ORDER BY key`);
    expect(rows.map((r) => r.key)).toEqual(['layer.a', 'layer.b']);
    expect(Boolean(rows[0]?.flag)).toBe(true);
  });

  it('likeInsensitive matches regardless of case on both dialects', async () => {
    await getDb().insert(appMeta).values({ key: 'layer.case', value: 'MixedCase Value' });
    const rows = await all<{ key: string }>(sql`SELECT key FROM app_meta WHERE ${likeInsensitive(appMeta.value, '%mixedcase%')}`);
    expect(rows.map((r) => r.key)).toEqual(['layer.case']);
  });

  it('withTransaction commits, and getDb() inside it is the transaction', async () => {
    const seen = await withTransaction(async () => {
      await getDb().insert(appMeta).values({ key: 'layer.tx1', value: 'one' });
      return value('layer.tx1');
    });
    expect(seen).toBe('one');
    expect(await value('layer.tx1')).toBe('one');
  });

  it('a failing transaction leaves nothing behind, nested calls included', async () => {
    await expect(
      withTransaction(async (tx) => {
        await tx.insert(appMeta).values({ key: 'layer.tx2', value: 'two' });
        await withTransaction(async () => {
          await getDb().insert(appMeta).values({ key: 'layer.tx3', value: 'three' });
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await value('layer.tx2')).toBeUndefined();
    expect(await value('layer.tx3')).toBeUndefined();
  });

  it("another context's write during an open transaction that rolls back is kept", async () => {
    let insideOpen!: () => void;
    const opened = new Promise<void>((r) => (insideOpen = r));
    let finish!: () => void;
    const finishing = new Promise<void>((r) => (finish = r));
    const tx = withTransaction(async (t) => {
      await t.insert(appMeta).values({ key: 'layer.rolled', value: 'x' });
      insideOpen();
      await finishing;
      throw new Error('roll back');
    });
    await opened;
    // Another request writes while the transaction is open: it must not be part of it.
    const outside = getDb().insert(appMeta).values({ key: 'layer.outside', value: 'kept' }).then(() => 'written');
    finish();
    await expect(tx).rejects.toThrow('roll back');
    expect(await outside).toBe('written');
    expect(await value('layer.outside')).toBe('kept');
    expect(await value('layer.rolled')).toBeUndefined();
  });

  it('transactions from concurrent contexts run one after another and all commit', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        withTransaction(async (t) => {
          await t.insert(appMeta).values({ key: `layer.k${i}`, value: String(i) });
          await new Promise((r) => setTimeout(r, 2));
          await t.update(appMeta).set({ value: `done ${i}` }).where(eq(appMeta.key, `layer.k${i}`));
        }),
      ),
    );
    const rows = await all<{ value: string }>(sql`SELECT value FROM app_meta WHERE key LIKE 'layer.k%' ORDER BY key`);
    expect(rows.map((r) => r.value)).toEqual(Array.from({ length: 8 }, (_, i) => `done ${i}`));
  });

  it('a read transaction sees one snapshot while another context writes', async () => {
    const countOf = async () => (await get<{ n: number }>(sql`SELECT count(*) AS n FROM app_meta WHERE key LIKE 'layer.snap%'`))?.n;
    let outside: Promise<unknown> | null = null;
    const [before, after] = await withReadTransaction(async () => {
      const first = await countOf();
      // Started as another request would, outside this transaction's context.
      outside = txStorage.exit(() => getDb().insert(appMeta).values({ key: 'layer.snap1', value: 'late' }).then(() => 'written'));
      // Postgres: the write commits on another connection now; SQLite: it waits for this transaction to end.
      await new Promise((r) => setTimeout(r, 50));
      return [first, await countOf()];
    });
    expect(before).toBe(0);
    expect(after).toBe(0);
    expect(await outside).toBe('written');
    expect(await countOf()).toBe(1);
  });

  it("the database's refusals become 409 and 400 with codes on both drivers, never a 500", async () => {
    const refusal = async (write: () => Promise<unknown>) => {
      try {
        await write();
      } catch (err) {
        const mapped = fromDatabaseError(err);
        return mapped ? { status: mapped.status, code: mapped.code } : { status: 500, code: String(err) };
      }
      throw new Error('expected the write to be refused');
    };
    await getDb().insert(appMeta).values({ key: 'layer.dup', value: 'one' });
    expect(await refusal(() => getDb().insert(appMeta).values({ key: 'layer.dup', value: 'two' }))).toEqual({ status: 409, code: 'conflict' });
    const badHash = { id: 'k1', name: 'key', keyHash: 'short', prefix: 'mk_' };
    expect(await refusal(() => getDb().insert(apiKeys).values(badHash))).toEqual({ status: 400, code: 'constraint_violation' });
    expect(await refusal(() => run(sql`INSERT INTO app_meta (key, value) VALUES ('layer.null', NULL)`))).toEqual({ status: 400, code: 'constraint_violation' });
  });

  it('a statement that waited for one transaction never lands in the next one, which rolls back', async () => {
    let endFirst!: () => void;
    const firstEnds = new Promise<void>((r) => (endFirst = r));
    let firstOpen!: () => void;
    const opened = new Promise<void>((r) => (firstOpen = r));
    const first = withTransaction(async () => {
      firstOpen();
      await firstEnds;
    });
    await opened;
    const outside = txStorage.exit(() => getDb().insert(appMeta).values({ key: 'layer.waited', value: 'kept' }).then(() => 'written'));
    const second = txStorage.exit(() =>
      withTransaction(async (t) => {
        await t.insert(appMeta).values({ key: 'layer.second', value: 'x' });
        throw new Error('second rolls back');
      }),
    );
    endFirst();
    await first;
    await expect(second).rejects.toThrow('second rolls back');
    expect(await outside).toBe('written');
    expect(await value('layer.waited')).toBe('kept');
    expect(await value('layer.second')).toBeUndefined();
  });
});
