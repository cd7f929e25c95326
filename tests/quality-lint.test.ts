import { describe, expect, it } from 'vitest';
import * as lintRoute from '@/app/api/quality/lint/route';
import * as serversRoute from '@/app/api/servers/route';
import { QUALITY_RULES } from '@/lib/quality/registry';
import { call } from './helpers/api';

type Finding = { tool: string; ruleId: string; severity: string; message: string; fix: string };
type Report = {
  tools: { id: string; score: number; boilerplateShare: number; findings: Finding[] }[];
  servers: { name: string; score: number; toolCount: number; findings: Finding[] }[];
  rules: { id: string; severity: string; description: string }[];
  summary: { toolCount: number; byRule: Record<string, number> };
  errors: unknown[];
};
type ErrorBody = { error: { code: string; message: string } };

const HINTS = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };

/** One server whose tools share a header, with a deletion that claims to be read-only, and a clean server. */
const SERVER_LIST = [
  {
    name: 'orchard',
    tools: [
      { name: 'pick_apples', description: 'Orchard Control API, version 3, all rights reserved. Picks the ripe apples of one row. Use this when a row is ready; it fails if the row is wet.', inputSchema: { type: 'object', properties: { row: { type: 'integer', description: 'Row number, e.g. 12' } }, required: ['row'] }, annotations: HINTS },
      { name: 'delete_row', description: 'Orchard Control API, version 3, all rights reserved. Deletes one row from the orchard plan.', inputSchema: { type: 'object', properties: { row: { type: 'integer' } }, required: ['row'] }, annotations: { ...HINTS, readOnlyHint: true } },
      { name: 'count_trees', description: 'Orchard Control API, version 3, all rights reserved. Counts the trees.', inputSchema: { type: 'object', properties: {} } },
    ],
  },
  {
    name: 'tidy',
    tools: [
      {
        name: 'list_hives',
        description: 'Lists the beehives of one apiary with their last inspection date. Use this when planning inspections; it returns at most 50 hives, e.g. for "north-field".',
        inputSchema: { type: 'object', properties: { apiary: { type: 'string', description: 'Apiary id, e.g. "north-field"' } }, required: ['apiary'] },
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
    ],
  },
];

const lint = (body: unknown, format?: string) => call<Report>(lintRoute.POST, 'POST', '/api/quality/lint', { body, ...(format ? { query: { format } } : {}) });

describe('POST /api/quality/lint', () => {
  it('returns findings and scores per tool and server, the rules and counts per rule', async () => {
    const res = await lint({ serverList: SERVER_LIST });
    expect(res.status).toBe(200);
    expect(res.body.rules.map((r) => r.id)).toEqual(QUALITY_RULES.map((r) => r.id));
    expect(res.body.tools.map((t) => t.id)).toEqual(['orchard/pick_apples', 'orchard/delete_row', 'orchard/count_trees', 'tidy/list_hives']);
    const byId = new Map(res.body.tools.map((t) => [t.id, t]));
    const rules = (id: string) => (byId.get(id)?.findings ?? []).map((f) => f.ruleId);
    expect(rules('orchard/delete_row')).toContain('annotation-destructive-conflict');
    expect(rules('orchard/delete_row')).toContain('param-undescribed');
    // The shared header comes first, so the first sentence says nothing about the tool.
    expect(rules('orchard/count_trees')).toContain('purpose-unclear');
    for (const id of ['orchard/pick_apples', 'orchard/delete_row', 'orchard/count_trees']) {
      expect(rules(id)).toContain('boilerplate-share');
      expect(byId.get(id)?.boilerplateShare).toBeGreaterThan(0.2);
    }
    expect(rules('tidy/list_hives')).toEqual([]);
    expect(byId.get('tidy/list_hives')?.score).toBe(100);
    expect(byId.get('orchard/delete_row')?.score).toBeLessThan(byId.get('orchard/pick_apples')?.score ?? 0);
    const orchard = res.body.servers.find((s) => s.name === 'orchard');
    expect(orchard?.toolCount).toBe(3);
    expect(orchard?.score).toBeLessThan(100);
    expect(res.body.summary.byRule['boilerplate-share']).toBe(3);
    expect(res.body.summary.byRule['annotation-destructive-conflict']).toBe(1);
    expect(res.body.summary.toolCount).toBe(4);
  });

  it('lints a single tool and an empty description from a toolList (the similarity analysis would refuse both)', async () => {
    const res = await lint({ toolList: [{ name: 'water', description: '' }] });
    expect(res.status).toBe(200);
    expect(res.body.tools[0]?.findings.map((f) => f.ruleId)).toContain('description-missing');
  });

  it('SARIF 2.1.0: rules in the driver, results with ruleId, level and logical locations', async () => {
    const res = await lint({ serverList: SERVER_LIST }, 'sarif');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/sarif\+json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="description-lint-.+\.sarif"$/);
    const sarif = JSON.parse(res.text) as {
      version: string;
      $schema: string;
      runs: { tool: { driver: { name: string; rules: { id: string; shortDescription: { text: string }; defaultConfiguration: { level: string } }[] } }; results: { ruleId: string; ruleIndex: number; level: string; message: { text: string }; locations: { logicalLocations: { name: string; fullyQualifiedName: string; kind: string }[] }[] }[] }[];
    };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.$schema).toMatch(/sarif-2\.1\.0/);
    expect(sarif.runs).toHaveLength(1);
    const run = sarif.runs[0];
    if (!run) throw new Error('no run');
    const ruleIds = run.tool.driver.rules.map((r) => r.id);
    expect(ruleIds).toEqual(QUALITY_RULES.map((r) => r.id));
    for (const r of run.tool.driver.rules) expect(['error', 'warning', 'note']).toContain(r.defaultConfiguration.level);
    const json = await lint({ serverList: SERVER_LIST });
    const total = json.body.tools.reduce((n, t) => n + t.findings.length, 0) + json.body.servers.reduce((n, s) => n + s.findings.length, 0);
    expect(run.results).toHaveLength(total);
    expect(total).toBeGreaterThan(3);
    for (const r of run.results) {
      expect(ruleIds[r.ruleIndex]).toBe(r.ruleId);
      expect(['error', 'warning', 'note']).toContain(r.level);
      expect(r.message.text.length).toBeGreaterThan(20);
      expect(r.locations[0]?.logicalLocations[0]?.fullyQualifiedName).toMatch(/^(orchard|tidy)\//);
    }
    const conflict = run.results.find((r) => r.ruleId === 'annotation-destructive-conflict');
    expect(conflict?.level).toBe('error');
    expect(conflict?.locations[0]?.logicalLocations[0]).toEqual({ name: 'delete_row', fullyQualifiedName: 'orchard/delete_row', kind: 'function' });
  });

  it('Markdown: servers by score and the tools with findings, with escaped text', async () => {
    const hostile = [{ name: 'x|y', tools: [{ name: 'list_things', description: 'Lists <b>things</b> | all of them' }] }];
    const res = await lint({ serverList: hostile }, 'md');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(res.text).toMatch(/^# Description quality lint/);
    expect(res.text).toContain('| x\\|y | 1 |');
    expect(res.text).not.toContain('<b>');
    const md = await lint({ serverList: SERVER_LIST }, 'md');
    expect(md.text).toContain('### orchard/delete\\_row (score');
    expect(md.text).toContain('`annotation-destructive-conflict`');
  });

  it('lints a static server from serverIds, annotations included', async () => {
    const created = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', {
      body: {
        name: 'lint-static',
        transport: 'static',
        tools: [
          { name: 'remove_hive', description: 'Removes a beehive from the apiary register.', inputSchema: { type: 'object', properties: {} }, annotations: { destructiveHint: false } },
          { name: 'list_hives', description: 'Lists the beehives of the apiary.', inputSchema: { type: 'object', properties: {} } },
        ],
      },
    });
    expect(created.status).toBe(201);
    const res = await lint({ serverIds: [created.body.id] });
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([]);
    const remove = res.body.tools.find((t) => t.id === 'lint-static/remove_hive');
    expect(remove?.findings.map((f) => f.ruleId)).toContain('annotation-destructive-conflict');
  });

  it('refuses bad input with 400 and a code', async () => {
    const cases: [unknown, string | undefined][] = [
      [{}, undefined],
      [{ serverList: SERVER_LIST, toolList: [{ name: 'a', description: 'b' }] }, undefined],
      [{ serverList: SERVER_LIST, similarityThreshold: 0.5 }, undefined],
      [{ toolList: [{ name: '', description: 'x' }] }, undefined],
      [{ serverList: SERVER_LIST }, 'pdf'],
    ];
    for (const [body, format] of cases) {
      const res = await call<ErrorBody>(lintRoute.POST, 'POST', '/api/quality/lint', { body, ...(format ? { query: { format } } : {}) });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    const unknown = await call<ErrorBody>(lintRoute.POST, 'POST', '/api/quality/lint', { body: { serverIds: ['nope'] } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('unknown_server');
  });
});
