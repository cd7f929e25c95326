import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getSqlite } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { completeRun, deleteRun, failRun, getSnapshot } from '@/db/queries/runs';
import { get, run as runSql } from '@/db/sql';
import { withTransaction } from '@/db/transaction';
import { latestSnapshotSchema } from '@/db/queries/tool-schemas';
import { seedCase, seedRun, seedServer } from '@/tests/helpers/eval-seed';
import { toolSnapshotHash } from '../tool-hash';
import { snapshotStorageCounts, storeRunTools, storeRunToolsSqlite, type SnapshotToolInput } from './tool-snapshots';

const tools: SnapshotToolInput[] = [
  { serverName: 'notes', serverUrl: 'http://n/mcp', name: 'search', exposedName: 'notes__search', description: 'Find notes.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
  { serverName: 'notes', serverUrl: 'http://n/mcp', name: 'add', exposedName: 'notes__add', description: 'Add a note.', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { id: { type: 'string' } } } },
  { serverName: 'files', serverUrl: null, name: 'read', exposedName: 'files__read', inputSchema: { type: 'object' } },
];

let caseId = '';
async function newRun(): Promise<string> {
  return (await seedRun(caseId)).id;
}
async function store(runId: string, listing: SnapshotToolInput[]): Promise<void> {
  await withTransaction(() => storeRunTools(runId, listing));
}

beforeAll(async () => {
  caseId = await seedCase({ query: 'find my note', servers: [await seedServer('notes')] });
});

describe('storeRunTools', () => {
  it('stores a listing once and reads it back exactly, in the order shown', async () => {
    const a = await newRun();
    const b = await newRun();
    await store(a, tools);
    await store(b, tools);
    expect(await snapshotStorageCounts()).toEqual({ snapshots: 3, sets: 1, members: 3, runsWithTools: 2 });
    const back = await getSnapshot(b);
    expect(back.map((t) => t.exposedName)).toEqual(['notes__search', 'notes__add', 'files__read']);
    expect(back[1]).toMatchObject({ testRunId: b, serverName: 'notes', serverUrl: 'http://n/mcp', name: 'add', description: 'Add a note.', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { id: { type: 'string' } } } });
    expect(back[2]).toMatchObject({ description: '', serverUrl: null, outputSchema: null });
    expect(back[0]?.snapshotHash).toBe(toolSnapshotHash({ serverName: 'notes', name: 'search', description: 'Find notes.', inputSchema: tools[0]?.inputSchema, outputSchema: null }));
  });

  it('adds only what changed: a new description is one definition, a new order only a listing', async () => {
    const changed = await newRun();
    await store(changed, [{ ...(tools[0] as SnapshotToolInput), description: 'Find notes by text.' }, ...tools.slice(1)]);
    expect(await snapshotStorageCounts()).toMatchObject({ snapshots: 4, sets: 2, members: 6 });
    const reordered = await newRun();
    await store(reordered, [...tools].reverse());
    expect(await snapshotStorageCounts()).toMatchObject({ snapshots: 4, sets: 3, members: 9 });
    expect((await getSnapshot(reordered)).map((t) => t.name)).toEqual(['read', 'add', 'search']);
    expect(await latestSnapshotSchema('notes', 'search')).toEqual(tools[0]?.inputSchema);
  });

  it('latestSnapshotSchema answers with the schema of the newest run that showed the tool', async () => {
    const v2 = { type: 'object', properties: { q: { type: 'string' }, tag: { type: 'string' } } };
    const newer = await newRun();
    await store(newer, [{ ...(tools[0] as SnapshotToolInput), inputSchema: v2 }]);
    expect(await latestSnapshotSchema('notes', 'search')).toEqual(v2);
    // Back to the first definition: stored once, and now the latest again.
    const newest = await newRun();
    await store(newest, tools);
    expect(await latestSnapshotSchema('notes', 'search')).toEqual(tools[0]?.inputSchema);
    expect(await latestSnapshotSchema('notes', 'no_such_tool')).toBeUndefined();
  });

  it('uses a definition another writer stored first (unique hash, ON CONFLICT DO NOTHING)', async () => {
    const extra: SnapshotToolInput = { serverName: 'files', name: 'write', exposedName: 'files__write', inputSchema: { type: 'object', required: ['path'] } };
    const hash = toolSnapshotHash({ serverName: 'files', name: 'write', description: '', inputSchema: { required: ['path'], type: 'object' }, outputSchema: null });
    await runSql(sql`insert into tool_snapshots (hash, server_name, name, description, input_schema) values (${hash}, 'files', 'write', '', ${'{"required":["path"],"type":"object"}'})`);
    const run = await newRun();
    await store(run, [extra]);
    expect(await get(sql`select count(*) as "n" from tool_snapshots where hash = ${hash}`)).toEqual({ n: 1 });
    expect((await getSnapshot(run))[0]?.inputSchema).toEqual({ required: ['path'], type: 'object' });
  });

  it.skipIf(isPostgres())('the SQLite engine path (prepared statements in a synchronous transaction) stores the same rows', async () => {
    const listing: SnapshotToolInput[] = [{ ...(tools[1] as SnapshotToolInput), description: 'Add a note (sync).' }, ...tools.slice(2)];
    const viaSync = await newRun();
    getSqlite().transaction(() => storeRunToolsSqlite(viaSync, listing))();
    const before = await snapshotStorageCounts();
    const viaAsync = await newRun();
    await store(viaAsync, listing);
    expect(await snapshotStorageCounts()).toEqual({ ...before, runsWithTools: before.runsWithTools + 1 });
    const setOf = async (id: string) => get<{ tool_set_id: number }>(sql`select tool_set_id from test_runs where id = ${id}`);
    expect(await setOf(viaAsync)).toEqual(await setOf(viaSync));
    expect((await getSnapshot(viaAsync)).map((t) => t.snapshotHash)).toEqual((await getSnapshot(viaSync)).map((t) => t.snapshotHash));
  });

  it('a failed run whose listing cannot be stored still fails, leaving no half-written listing', async () => {
    const before = await snapshotStorageCounts();
    const run = await newRun();
    const clash: SnapshotToolInput[] = [
      { serverName: 'x', name: 'one', exposedName: 'same', inputSchema: { type: 'object' } },
      { serverName: 'x', name: 'two', exposedName: 'same', inputSchema: { type: 'object' } },
    ];
    await failRun(run, 'failed', 'boom', {}, clash);
    expect(await get(sql`select status, error_message from test_runs where id = ${run}`)).toEqual({ status: 'failed', error_message: 'boom' });
    expect(await getSnapshot(run)).toEqual([]);
    expect(await snapshotStorageCounts()).toEqual(before);
  });

  it('concurrent runs storing the same new definitions in opposite orders all land, each definition once', async () => {
    const fresh = Array.from({ length: 30 }, (_, i): SnapshotToolInput => ({ serverName: 'race', name: `tool_${i}`, exposedName: `race__tool_${i}`, inputSchema: { type: 'object' } }));
    const orders = [fresh, [...fresh].reverse(), fresh.slice(10).concat(fresh.slice(0, 10)), [...fresh].reverse().slice(5)];
    const runs = await Promise.all(orders.map(() => newRun()));
    await Promise.all(orders.map((listing, i) => store(runs[i] as string, listing)));
    expect(await get(sql`select count(*) as "n" from tool_snapshots where server_name = 'race'`)).toEqual({ n: 30 });
    for (const [i, listing] of orders.entries()) expect((await getSnapshot(runs[i] as string)).map((t) => t.exposedName)).toEqual(listing.map((t) => t.exposedName));
  });

  it('an empty listing leaves the run without tools', async () => {
    const run = await newRun();
    await store(run, tools);
    await store(run, []);
    expect(await getSnapshot(run)).toEqual([]);
  });
});

describe('a completion whose listing was dropped after this process remembered it', () => {
  const values = {
    llmResponseRaw: { samples: [] },
    selectedServer: 'notes',
    selectedTool: 'search',
    extractedParameters: {},
    confidenceScore: null,
    confidenceCategory: null,
    classification: 'TP' as const,
    executionTimeMs: 5,
    inputTokens: 1,
    outputTokens: 1,
    failureReasons: [],
  };
  const evaluation = { classification: 'TP' as const, toolCorrect: true, failureReasons: [] };
  const listing: SnapshotToolInput[] = [{ serverName: 'dropped', serverUrl: null, name: 'only', exposedName: 'dropped__only', inputSchema: { type: 'object', title: 'dropped' } }];

  it('stores the listing again and points the run at it (Postgres remembers listing ids between runs)', async () => {
    const first = await newRun();
    expect(await completeRun(first, listing, values, evaluation)).toBe(true);
    // Its only run deleted, the listing goes with it (trigger); the id this process remembered names nothing now.
    await deleteRun(first);
    expect(await get(sql`select 1 as one from tool_sets t join tool_set_members m on m.tool_set_id = t.id join tool_snapshots s on s.id = m.snapshot_id where s.server_name = 'dropped'`)).toBeUndefined();
    const second = await newRun();
    expect(await completeRun(second, listing, values, evaluation)).toBe(true);
    expect((await getSnapshot(second)).map((t) => [t.exposedName, t.inputSchema])).toEqual([['dropped__only', { type: 'object', title: 'dropped' }]]);
    // And once more through the refreshed id.
    const third = await newRun();
    expect(await completeRun(third, listing, values, evaluation)).toBe(true);
    expect((await getSnapshot(third)).map((t) => t.exposedName)).toEqual(['dropped__only']);
  });
});
