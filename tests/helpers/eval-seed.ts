import { insertBatchWithRuns, type ModelSettingsValues } from '@/db/queries/batches';
import { getRun } from '@/db/queries/runs';
import { insertServer } from '@/db/queries/servers';
import { insertTestCase } from '@/db/queries/test-cases';
import type { McpServerRow } from '@/db/schema';
import type { RunToExecute } from '@/lib/eval/run/runner';

/** Rows the runner and batch tests need in the per-file SQLite database, written directly. */
export async function seedServer(name: string): Promise<McpServerRow> {
  return insertServer({ name, transport: 'streamable-http', url: `http://fake.invalid/${name}/mcp` });
}

export async function seedCase(input: { query: string; servers: McpServerRow[]; expected?: { server: string; tool: string; parameters?: Record<string, unknown> } | null }): Promise<string> {
  const e = input.expected ?? null;
  const row = await insertTestCase(
    { name: input.query.slice(0, 200), query: input.query, expectedMcpServerName: e?.server ?? null, expectedToolName: e?.tool ?? null, expectedParameters: e?.parameters ?? null },
    input.servers.map((s) => s.id),
  );
  return row.id;
}

export const FAKE_MODEL: ModelSettingsValues = { provider: 'local', model: 'hybrid', timeout: 5, temperature: 0, maxRetries: 0 };

/** A pending batch-less run of the case, as a worker holds it after claiming it. */
export async function seedRun(testCaseId: string, samples = 1, model: ModelSettingsValues = FAKE_MODEL): Promise<RunToExecute> {
  const { runIds } = await insertBatchWithRuns({ name: '', models: [model], samples, concurrency: 1, testCaseIds: [testCaseId], withBatchRow: false });
  const run = await getRun(runIds[0] as string);
  if (!run) throw new Error('seeded run vanished');
  return { id: run.id, testCaseId: run.testCaseId, samples: run.samples, settings: run.settings };
}
