import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '@/db/sql';
import { connectClient, newKey, startMcpEndpoint, toolJson } from './helpers/mcp-endpoint-fixtures';
import { createRunWriter } from './helpers/synthetic-runs';

/**
 * get_metrics leaves experiment variants' batches out as GET /api/metrics/summary does (issue 14), and says so:
 * its input describes includeExperiments, takes it as a boolean, and its result counts what it left out.
 */

let endpoint: Awaited<ReturnType<typeof startMcpEndpoint>>;
let client: Client;

beforeAll(async () => {
  const w = createRunWriter();
  const testCaseId = w.testCase({ name: 'search docs', expected: { server: 'rag', name: 'rag_search' }, servers: ['rag'] });
  const modelSettingsId = w.modelSettings({ provider: 'openai', model: 'gpt-test' });
  const nightly = w.batch({ name: 'nightly' });
  const variant = w.batch({ name: 'exp · rewrite' });
  for (let i = 0; i < 6; i++) w.run({ testCaseId, batchId: nightly, modelSettingsId, selected: { server: 'rag', name: 'rag_search' } });
  // The variant's runs picked the wrong tool: counted, they would change the figures.
  for (let i = 0; i < 4; i++) w.run({ testCaseId, batchId: variant, modelSettingsId, selected: { server: 'rag', name: 'rag_answer' } });
  await w.flush();
  const experiment = randomUUID();
  await run(sql`insert into experiments (id, name, models, samples, concurrency, test_case_ids, baseline_tools, created_at)
    values (${experiment}, 'exp', '[]', 1, 1, '[]', '{}', '2025-01-05T00:00:00.000Z')`);
  await run(sql`insert into experiment_variants (id, experiment_id, name, ordinal, changes, batch_id, created_at)
    values (${randomUUID()}, ${experiment}, 'rewrite', 1, '[]', ${variant}, '2025-01-05T00:00:00.000Z')`);
  endpoint = await startMcpEndpoint();
  client = await connectClient(endpoint.mcpUrl, await newKey('experiments'));
});

afterAll(async () => {
  await client?.close();
  await endpoint?.close();
});

const getMetrics = async (args: Record<string, unknown> = {}) => toolJson(await client.callTool({ name: 'get_metrics', arguments: args }));

describe('get_metrics and experiment variants', () => {
  it('describes includeExperiments in its input schema and description', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'get_metrics');
    const property = (tool?.inputSchema.properties as Record<string, { description?: string }> | undefined)?.includeExperiments;
    expect(property?.description).toContain('left out unless this is true');
    expect(tool?.description).toContain('includeExperiments');
  });

  it('leaves the variant batch out and counts it, includes it when asked', async () => {
    const without = await getMetrics();
    expect(without.isError).toBe(false);
    expect(without.counts).toMatchObject({ total: 6, tp: 6, fn: 0 });
    expect(without.experimentsLeftOut).toEqual({ batches: 1, runs: 4 });
    const withThem = await getMetrics({ includeExperiments: true });
    expect(withThem.counts).toMatchObject({ total: 10, tp: 6, fn: 4 });
    expect(withThem.experimentsLeftOut).toEqual({ batches: 0, runs: 0 });
    // The query-string spelling is accepted too; false is the default.
    expect((await getMetrics({ includeExperiments: 'true' })).counts).toMatchObject({ total: 10 });
    expect((await getMetrics({ includeExperiments: false })).counts).toMatchObject({ total: 6 });
  });

  it('answers a tool error naming includeExperiments for a value that is not a boolean', async () => {
    const bad = await getMetrics({ includeExperiments: 'yes' });
    expect(bad.isError).toBe(true);
    expect(bad.error?.message).toContain('includeExperiments');
  });
});
