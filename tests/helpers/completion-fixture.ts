import { sql } from 'drizzle-orm';
import { insertBatchWithRuns } from '@/db/queries/batches';
import type { CompletedRunValues } from '@/db/queries/runs';
import { run } from '@/db/sql';
import { FAKE_MODEL, seedCase, seedServer } from './eval-seed';

/**
 * What the completion tests write (tests/queue-grouped-completion, lib/eval/run/completion-group): a server
 * named `serverName` with one tool, a case expecting it, and the i-th run's verdict values and evaluation
 * (odd i right, even i wrong), so the stored rows can be checked against what was sent.
 */
export async function completionFixture(serverName: string) {
  const server = await seedServer(serverName);
  const caseA = await seedCase({ query: 'look something up', servers: [server], expected: { server: serverName, tool: 'lookup' } });
  const snapshot = [{ serverName, serverUrl: null, name: 'lookup', exposedName: 'lookup', description: 'Look a thing up.', inputSchema: { type: 'object' } }];
  const values = (i: number, confidenceScore: number | null = null): CompletedRunValues => ({
    llmResponseRaw: { samples: [], assessmentPending: true },
    selectedServer: serverName,
    selectedTool: i % 2 ? 'lookup' : 'other',
    extractedParameters: { q: i },
    confidenceScore,
    confidenceCategory: null,
    confidenceSource: null,
    classification: i % 2 ? 'TP' : 'FP',
    executionTimeMs: 100 + i,
    inputTokens: 10 * i,
    outputTokens: i,
    failureReasons: [],
  });
  const evaluation = (i: number) => ({ classification: (i % 2 ? 'TP' : 'FP') as 'TP' | 'FP', toolCorrect: i % 2 === 1, failureReasons: [], passK: null, reasoning: `r${i}`, recommendations: [] });
  /** `n` runs of one batch of the case, marked running as a worker's claim leaves them. */
  const runningRuns = async (n: number): Promise<string[]> => {
    const { runIds } = await insertBatchWithRuns({ name: 'g', models: [FAKE_MODEL], samples: 1, concurrency: 4, testCaseIds: Array.from({ length: n }, () => caseA), withBatchRow: true });
    await run(sql`update test_runs set status = 'running' where id in (${sql.join(runIds.map((id) => sql`${id}`), sql`, `)})`);
    return runIds;
  };
  return { server, caseA, snapshot, values, evaluation, runningRuns };
}
