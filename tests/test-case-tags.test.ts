import { beforeAll, describe, expect, it } from 'vitest';
import * as caseRoute from '@/app/api/test-cases/[id]/route';
import * as batchesRoute from '@/app/api/batches/route';
import * as bulkDeleteRoute from '@/app/api/test-cases/bulk-delete/route';
import * as exportRoute from '@/app/api/test-cases/export/route';
import * as importRoute from '@/app/api/test-cases/import/route';
import * as casesRoute from '@/app/api/test-cases/route';
import * as tagsRoute from '@/app/api/test-cases/tags/route';
import * as serversRoute from '@/app/api/servers/route';
import { sql } from 'drizzle-orm';
import { all, get, run } from '@/db/sql';
import { testCases } from '@/db/tables';
import { getDb } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { waitForJob } from '@/lib/eval/run/jobs';
import { call } from './helpers/api';
import { createRunWriter } from './helpers/synthetic-runs';

type TestCase = { id: string; name: string; tags: string[] };
type List = { items: TestCase[]; total: number };
type ErrorBody = { error: { code: string; message: string; details?: { path: string; message: string }[] } };
type Batch = { id: string; counts: { total: number } };

let serverId = '';
const byName: Record<string, string> = {};

const create = (name: string, tags: unknown, extra: Record<string, unknown> = {}) =>
  call<TestCase & ErrorBody>(casesRoute.POST, 'POST', '/api/test-cases', { body: { name, query: `query ${name}`, serverIds: [serverId], tags, ...extra } });
const list = (qs: string) => call<List & ErrorBody>(casesRoute.GET, 'GET', `/api/test-cases?${qs}`);
const names = (r: { body: List }) => r.body.items.map((c) => c.name).sort();
const count = async (table: string) => (await get<{ n: number }>(sql`select count(*) as n from ${sql.identifier(table)}`))?.n ?? 0;

beforeAll(async () => {
  const res = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', { body: { name: 'tagsrv', transport: 'streamable-http', url: 'http://127.0.0.1:9/tags' } });
  serverId = res.body.id;
  for (const [name, tags] of [
    ['a', ['smoke', 'github']],
    ['b', ['smoke']],
    ['c', ['github', 'slow path']],
    ['d', []],
  ] as const) {
    const r = await create(name, tags);
    expect(r.status).toBe(201);
    byName[name] = r.body.id;
  }
});

describe('tags on test cases', () => {
  it('stores tags, alphabetically and without repeats, and returns them in the DTO', async () => {
    const r = await create('dup', ['zeta', ' alpha ', 'zeta', 'v1.2_x-y']);
    expect(r.status).toBe(201);
    expect(r.body.tags).toEqual(['alpha', 'v1.2_x-y', 'zeta']);
    const got = await call<TestCase>(caseRoute.GET, 'GET', `/api/test-cases/${r.body.id}`, { params: { id: r.body.id } });
    expect(got.body.tags).toEqual(['alpha', 'v1.2_x-y', 'zeta']);
    await call(caseRoute.DELETE, 'DELETE', `/api/test-cases/${r.body.id}`, { params: { id: r.body.id } });
  });

  it.each([
    [[''], 'empty'],
    [['x'.repeat(51)], 'at most 50'],
    [['semi;colon'], 'only letters'],
    [['<b>'], 'only letters'],
    [Array.from({ length: 21 }, (_, i) => `t${i}`), 'at most 20 tags'],
    ['smoke', 'array'],
  ])('refuses tags %j with 400 naming the field', async (tags, mention) => {
    const r = await create(`bad ${JSON.stringify(tags).slice(0, 30)}`, tags);
    expect(r.status).toBe(400);
    expect(r.body.error.details?.some((d) => d.path.startsWith('tags'))).toBe(true);
    expect(JSON.stringify(r.body.error).toLowerCase()).toContain(mention.toLowerCase());
  });

  it('a patch replaces the tags; a patch without tags keeps them', async () => {
    const id = byName.d as string;
    const p1 = await call<TestCase>(caseRoute.PATCH, 'PATCH', `/api/test-cases/${id}`, { params: { id }, body: { tags: ['late'] } });
    expect(p1.body.tags).toEqual(['late']);
    const p2 = await call<TestCase>(caseRoute.PATCH, 'PATCH', `/api/test-cases/${id}`, { params: { id }, body: { query: 'changed' } });
    expect(p2.body.tags).toEqual(['late']);
    const p3 = await call<TestCase>(caseRoute.PATCH, 'PATCH', `/api/test-cases/${id}`, { params: { id }, body: { tags: [] } });
    expect(p3.body.tags).toEqual([]);
  });

  it('filters the list by tag: repeated ?tag= means all of them, tagMatch=any at least one', async () => {
    expect(names(await list('tag=smoke'))).toEqual(['a', 'b']);
    expect(names(await list('tag=smoke&tag=github'))).toEqual(['a']);
    expect(names(await list('tag=smoke&tag=github&tagMatch=any'))).toEqual(['a', 'b', 'c']);
    expect(names(await list('tag=slow%20path'))).toEqual(['c']);
    expect((await list('tag=nothing')).body.total).toBe(0);
    const bad = await list('tag=semi;colon');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.[0]?.path).toMatch(/^tag/);
  });

  it('lists the tags in use with their counts', async () => {
    const r = await call<{ items: { tag: string; count: number }[] }>(tagsRoute.GET, 'GET', '/api/test-cases/tags');
    expect(r.body.items.slice(0, 3)).toEqual([
      { tag: 'github', count: 2 },
      { tag: 'smoke', count: 2 },
      { tag: 'slow path', count: 1 },
    ]);
  });

  it('sorts by name, expected tool and creation, both ways, and 400s an unknown sort', async () => {
    const asc = await list('sort=name&dir=asc&tag=smoke&tag=github&tagMatch=any');
    expect(asc.body.items.map((c) => c.name)).toEqual(['a', 'b', 'c']);
    const desc = await list('sort=name&dir=desc&tag=smoke&tag=github&tagMatch=any');
    expect(desc.body.items.map((c) => c.name)).toEqual(['c', 'b', 'a']);
    const bad = await list('sort=colour');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.[0]?.path).toBe('sort');
  });

  it('export carries tags and an import brings them back (JSON and CSV)', async () => {
    const json = await call(exportRoute.GET, 'GET', '/api/test-cases/export?format=json&tag=smoke');
    const records = JSON.parse(json.text) as { name: string; tags?: string[] }[];
    expect(records.map((r) => [r.name, r.tags])).toEqual([
      ['a', ['github', 'smoke']],
      ['b', ['smoke']],
    ]);
    const csv = await call(exportRoute.GET, 'GET', '/api/test-cases/export?format=csv&tag=github&tag=slow%20path');
    expect(csv.text.split('\r\n')[0]).toMatch(/,tags$/);
    expect(csv.text).toContain(',github;slow path\r\n');
    const renamed = csv.text.replace('\r\nc,', '\r\nc imported,');
    const imported = await call<{ created: number }>(importRoute.POST, 'POST', '/api/test-cases/import?format=csv', { rawBody: renamed, headers: { 'content-type': 'text/csv' } });
    expect(imported.body.created).toBe(1);
    expect(names(await list('tag=slow%20path'))).toEqual(['c', 'c imported']);
    const badRow = await call<{ failed: number; results: { errors?: { path: string }[] }[] }>(importRoute.POST, 'POST', '/api/test-cases/import?format=json', {
      body: [{ name: 'bad tags', query: 'q', servers: ['tagsrv'], tags: ['no;pe'] }],
    });
    expect(badRow.body.failed).toBe(1);
    expect(badRow.body.results[0]?.errors?.[0]?.path).toMatch(/^tags/);
  });
});

describe('sort by last verdict', () => {
  it('puts cases whose latest verdict is wrong first (asc) or last (desc), never-run cases last either way', async () => {
    const w = createRunWriter();
    const tool = { server: 's', name: 't' };
    const m = w.modelSettings({ provider: 'local', model: 'lexical' });
    const at = (min: number) => new Date(Date.UTC(2026, 0, 1, 0, min)).toISOString();
    const wrongNow = w.testCase({ name: 'lv wrong now', expected: tool, servers: ['s'] });
    const rightNow = w.testCase({ name: 'lv right now', expected: tool, servers: ['s'] });
    w.testCase({ name: 'lv never run', expected: tool, servers: ['s'] });
    // Right once, wrong last: the latest verdict counts.
    w.run({ testCaseId: wrongNow, modelSettingsId: m, selected: tool, completedAt: at(1), createdAt: at(1) });
    w.run({ testCaseId: wrongNow, modelSettingsId: m, selected: null, completedAt: at(5), createdAt: at(5) });
    w.run({ testCaseId: rightNow, modelSettingsId: m, selected: null, completedAt: at(1), createdAt: at(1) });
    w.run({ testCaseId: rightNow, modelSettingsId: m, selected: tool, completedAt: at(5), createdAt: at(5) });
    await w.flush();
    const order = async (dir: string) => (await list(`search=lv%20&sort=lastVerdict&dir=${dir}`)).body.items.map((c) => c.name);
    expect(await order('asc')).toEqual(['lv wrong now', 'lv right now', 'lv never run']);
    expect(await order('desc')).toEqual(['lv right now', 'lv wrong now', 'lv never run']);
  });
});

describe('run by tag', () => {
  it('POST /api/batches with tags runs exactly the matching cases', async () => {
    const r = await call<Batch>(batchesRoute.POST, 'POST', '/api/batches', { body: { tags: ['smoke'], models: [{ provider: 'local', model: 'lexical' }] } });
    expect(r.status, r.text).toBe(202);
    expect(r.body.counts.total).toBe(2);
    const cases = await all<{ id: string }>(sql`select distinct test_case_id as id from test_runs where batch_id = ${r.body.id}`);
    expect(cases.map((c) => c.id).sort()).toEqual([byName.a, byName.b].sort());
    await waitForJob(r.body.id);
    const any = await call<Batch>(batchesRoute.POST, 'POST', '/api/batches', { body: { tags: ['smoke', 'github'], tagMatch: 'any', models: [{ provider: 'local', model: 'lexical' }] } });
    expect(any.body.counts.total).toBe(4);
    await waitForJob(any.body.id);
    const filtered = await call<Batch>(batchesRoute.POST, 'POST', '/api/batches', { body: { filter: { search: 'query b' }, models: [{ provider: 'local', model: 'lexical' }] } });
    expect(filtered.body.counts.total).toBe(1);
    await waitForJob(filtered.body.id);
  });

  it.each([
    [{ tags: ['no-such-tag'] }, 'tags', 'no_matching_test_cases'],
    [{ tags: [] }, 'tags', 'validation_error'],
    [{ tags: ['smoke'], testCaseIds: ['x'] }, 'tags', 'validation_error'],
    [{ tagMatch: 'any' }, 'tagMatch', 'validation_error'],
    [{ filter: { kind: 'maybe' } }, 'filter.kind', 'validation_error'],
  ])('answers 400 for %j, naming the field, writing nothing', async (body, field, code) => {
    const before = await count('run_batches');
    const r = await call<ErrorBody>(batchesRoute.POST, 'POST', '/api/batches', { body: { ...body, models: [{ provider: 'local', model: 'lexical' }] } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(code);
    expect(r.body.error.details?.[0]?.path).toBe(field);
    expect(await count('run_batches')).toBe(before);
  });
});

describe('bulk delete', () => {
  const bulk = (body: unknown) => call<{ deleted: number } & ErrorBody>(bulkDeleteRoute.POST, 'POST', '/api/test-cases/bulk-delete', { body });

  it.each([
    [{}, 'ids'],
    [{ ids: [] }, 'ids'],
    [{ ids: ['a'], filter: {} }, 'ids'],
    [{ ids: Array.from({ length: 10_001 }, (_, i) => `id${i}`) }, 'ids'],
    [{ filter: { tag: ['nothing-has-this'] } }, 'filter'],
  ])('answers 400 for %s (field %s)', async (body, field) => {
    const r = await bulk(body);
    expect(r.status).toBe(400);
    expect(r.body.error.details?.[0]?.path).toBe(field);
  });

  it('deletes by ids and by filter, tags cascading', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await create(`bulk ${i}`, ['bulk-me'])).body.id);
    const tagRows = await count('test_case_tags');
    const r1 = await bulk({ ids: [made[0]] });
    expect(r1.body).toEqual({ deleted: 1 });
    expect(await count('test_case_tags')).toBe(tagRows - 1);
    const r2 = await bulk({ filter: { tag: ['bulk-me'] } });
    expect(r2.body).toEqual({ deleted: 2 });
    expect((await list('tag=bulk-me')).body.total).toBe(0);
  });

  it('is one transaction: a failure part-way through (the 600th of 700) deletes nothing', async () => {
    const ids = Array.from({ length: 700 }, (_, i) => `txn-${String(i).padStart(3, '0')}`);
    await getDb().insert(testCases).values(ids.map((id) => ({ id, name: id, query: 'q' })));
    // A trigger refuses one row's delete: SQLite's raise(abort), Postgres's plpgsql exception.
    const trigger = isPostgres()
      ? {
          create: [
            `create function refuse_txn_599() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`,
            `create trigger refuse_txn_599 before delete on test_cases for each row when (old.id = 'txn-599') execute function refuse_txn_599()`,
          ],
          drop: ['drop trigger refuse_txn_599 on test_cases', 'drop function refuse_txn_599()'],
        }
      : {
          create: [`create trigger refuse_txn_599 before delete on test_cases when old.id = 'txn-599' begin select raise(abort, 'refused by test'); end`],
          drop: ['drop trigger refuse_txn_599'],
        };
    for (const statement of trigger.create) await run(sql.raw(statement));
    try {
      const r = await bulk({ ids });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect((await get<{ n: number }>(sql`select count(*) as n from test_cases where id like 'txn-%'`))?.n).toBe(700);
    } finally {
      for (const statement of trigger.drop) await run(sql.raw(statement));
    }
    expect((await bulk({ ids })).body).toEqual({ deleted: 700 });
  });
});
