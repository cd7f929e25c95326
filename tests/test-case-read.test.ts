import { describe, expect, it } from 'vitest';
import { getTestCase, insertTestCase, listTestCases } from '@/db/queries/test-cases';
import { withTransaction } from '@/db/transaction';
import { createRunWriter } from './helpers/synthetic-runs';

/**
 * getTestCase is read once per run (Postgres: one statement with its servers and tags aggregated in it; SQLite:
 * three in one synchronous step). It must give what the list's reads give: servers in position order (not by name
 * or id), tags in binary order, empty lists for a case without any, the caller's uncommitted case inside a
 * transaction, and nothing for an unknown id.
 */
describe('getTestCase', () => {
  it('returns the case with its servers in position order and its tags in binary order, as the list does', async () => {
    const write = createRunWriter();
    // Ids increase with the names, so position order differs from both id and name order.
    const [a, m, z] = ['srv-alpha', 'srv-mid', 'srv-zeta'].map((name) => write.server(name)) as [string, string, string];
    await write.flush();
    const tags = ['b', 'B', 'a', 'A-1', 'é', 'Z'];
    const linked = await insertTestCase({ name: 'read linked', query: 'q' }, [z, a, m], tags);
    const bare = await insertTestCase({ name: 'read bare', query: 'q' }, [], []);

    const one = await getTestCase(linked.id);
    expect(one?.servers).toEqual([
      { id: z, name: 'srv-zeta' },
      { id: a, name: 'srv-alpha' },
      { id: m, name: 'srv-mid' },
    ]);
    expect(one?.tags).toEqual(['A-1', 'B', 'Z', 'a', 'b', 'é']);
    expect(await getTestCase(bare.id)).toMatchObject({ id: bare.id, servers: [], tags: [] });
    expect(await getTestCase('no-such-case')).toBeUndefined();

    const listed = (await listTestCases({ search: 'read ', limit: 10, offset: 0, sort: 'name', dir: 'asc' })).rows;
    expect(listed.map((r) => r.name)).toEqual(['read bare', 'read linked']);
    for (const row of listed) expect(await getTestCase(row.id)).toEqual(row);
  });

  it('sees a case inserted by the caller\'s open transaction', async () => {
    const write = createRunWriter();
    const server = write.server('srv-tx');
    await write.flush();
    const inside = await withTransaction(async () => {
      const created = await insertTestCase({ name: 'read in tx', query: 'q' }, [server], ['tx']);
      return getTestCase(created.id);
    });
    expect(inside).toMatchObject({ name: 'read in tx', servers: [{ id: server, name: 'srv-tx' }], tags: ['tx'] });
  });
});
