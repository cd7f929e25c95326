import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDemoClient } from '@/tests/helpers/demo-client';
import { DEMO_SERVER_IDS } from '../mcp/demo/registry';
import type { DemoServerId } from '../mcp/demo/types';
import { TestCaseInputSchema } from '../test-cases/schemas';
import { DEMO_TEST_CASES } from './demo-test-cases';

type PropertySchema = { type?: string; enum?: unknown[] };
type ToolSchemas = Map<string, Record<string, PropertySchema>>;

const MATCHERS = ['$any', '$oneOf', '$regex', '$contains', '$approx', '$absent'] as const;
const JSON_TYPE: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
  array: (v) => Array.isArray(v),
};

function isMatcher(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).some((k) => k.startsWith('$'));
}

describe('demo seed test cases', () => {
  const tools = new Map<DemoServerId, ToolSchemas>();

  beforeAll(async () => {
    for (const id of DEMO_SERVER_IDS) {
      const c = await connectDemoClient(id);
      const listed = await c.client.listTools();
      tools.set(id, new Map(listed.tools.map((t) => [t.name, (t.inputSchema.properties ?? {}) as Record<string, PropertySchema>])));
      await c.close();
    }
  });
  afterAll(() => tools.clear());

  it('has about 25 cases with unique names and non-empty queries', () => {
    expect(DEMO_TEST_CASES.length).toBeGreaterThanOrEqual(22);
    expect(DEMO_TEST_CASES.length).toBeLessThanOrEqual(35);
    const names = DEMO_TEST_CASES.map((tc) => tc.name);
    expect(new Set(names).size).toBe(names.length);
    for (const tc of DEMO_TEST_CASES) expect(tc.query.trim().length, tc.name).toBeGreaterThan(5);
  });

  it('lists known servers, some cases two or three of them', () => {
    for (const tc of DEMO_TEST_CASES) {
      expect(tc.servers.length, tc.name).toBeGreaterThan(0);
      expect(new Set(tc.servers).size, tc.name).toBe(tc.servers.length);
      for (const s of tc.servers) expect(DEMO_SERVER_IDS, tc.name).toContain(s);
    }
    expect(DEMO_TEST_CASES.filter((tc) => tc.servers.length === 2).length).toBeGreaterThan(0);
    expect(DEMO_TEST_CASES.filter((tc) => tc.servers.length === 3).length).toBeGreaterThan(0);
  });

  it('names, for every positive case, a tool that exists on an expected server among its servers', () => {
    const positives = DEMO_TEST_CASES.filter((c) => c.expectedServer !== null);
    expect(positives.length).toBeGreaterThanOrEqual(18);
    for (const tc of positives) {
      expect(tc.servers, tc.name).toContain(tc.expectedServer);
      expect([...(tools.get(tc.expectedServer as DemoServerId)?.keys() ?? [])], tc.name).toContain(tc.expectedTool);
      expect(tc.expectedParameters, tc.name).not.toBeNull();
    }
  });

  it('has at least four negatives, each with server, tool and parameters all null', () => {
    const negatives = DEMO_TEST_CASES.filter((tc) => tc.expectedServer === null || tc.expectedTool === null || tc.expectedParameters === null);
    expect(negatives.length).toBeGreaterThanOrEqual(4);
    for (const tc of negatives) expect([tc.expectedServer, tc.expectedTool, tc.expectedParameters], tc.name).toEqual([null, null, null]);
  });

  it('expects only parameters the tool declares, with literal values of the declared type', () => {
    for (const tc of DEMO_TEST_CASES) {
      if (!tc.expectedServer || !tc.expectedTool || !tc.expectedParameters) continue;
      const properties = tools.get(tc.expectedServer)?.get(tc.expectedTool) ?? {};
      for (const [key, expected] of Object.entries(tc.expectedParameters)) {
        const where = `${tc.name}: ${tc.expectedTool}.${key}`;
        expect(Object.keys(properties), where).toContain(key);
        if (isMatcher(expected)) continue;
        const schema = properties[key] ?? {};
        if (schema.enum) expect(schema.enum, where).toContain(expected);
        const check = schema.type ? JSON_TYPE[schema.type] : undefined;
        if (check) expect(check(expected), where).toBe(true);
      }
    }
  });

  it('uses every argument matcher, each well-formed', () => {
    const used = new Set<string>();
    for (const tc of DEMO_TEST_CASES) {
      for (const value of Object.values(tc.expectedParameters ?? {})) {
        if (!isMatcher(value)) continue;
        for (const key of Object.keys(value)) used.add(key);
        if ('$regex' in value) expect(() => new RegExp(String(value.$regex)), tc.name).not.toThrow();
        if ('$oneOf' in value) expect(Array.isArray(value.$oneOf), tc.name).toBe(true);
        if ('$approx' in value) expect([typeof value.$approx, typeof value.$tolerance], tc.name).toEqual(['number', 'number']);
        for (const key of Object.keys(value)) expect([...MATCHERS, '$tolerance'], tc.name).toContain(key);
      }
    }
    for (const matcher of MATCHERS) expect(used, matcher).toContain(matcher);
  });

  it('has one sequence case, valid as API input (its pair mirrors the first call), naming tools its server has', () => {
    const sequences = DEMO_TEST_CASES.filter((tc) => tc.sequence);
    expect(sequences).toHaveLength(1);
    for (const tc of sequences) {
      const seq = tc.sequence!;
      const input = { name: tc.name, query: tc.query, serverIds: tc.servers, expectedServer: tc.expectedServer, expectedTool: tc.expectedTool, expectedParameters: tc.expectedParameters, mode: 'sequence', ...seq };
      const parsed = TestCaseInputSchema.safeParse(input);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(seq.expectedCalls.length).toBeGreaterThan(1);
      expect(tc.name).toMatch(/multi-turn LLM runs the loop.*local router makes one selection/);
      const refs = [...seq.expectedCalls, ...seq.forbiddenTools, ...(typeof seq.execute === 'object' ? seq.execute.allow : []), ...seq.mockResults];
      for (const ref of refs) expect([...(tools.get(ref.server as DemoServerId)?.keys() ?? [])], `${tc.name}: ${ref.tool}`).toContain(ref.tool);
    }
  });

  it('covers every demo tool at least once', () => {
    const expected = new Set(DEMO_TEST_CASES.map((tc) => `${tc.expectedServer}/${tc.expectedTool}`));
    expect([...tools.keys()].sort()).toEqual([...DEMO_SERVER_IDS].sort());
    for (const [server, schemas] of tools) {
      for (const name of schemas.keys()) expect(expected, `${server}/${name}`).toContain(`${server}/${name}`);
    }
  });
});
