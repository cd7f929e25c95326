import { describe, expect, it } from 'vitest';
import { getEvaluation, getRun } from '@/db/queries/runs';
import { createBatch } from '@/lib/eval/run/batch';
import { waitForBatch } from './helpers/wait-batch';
import { createServer } from '@/lib/servers/service';
import { createTestCase } from '@/lib/test-cases/service';
import { listRuns } from '@/db/queries/runs';

/**
 * The real local router (lexical, no word vectors to load) on a static server at samples = 3:
 * it is deterministic, so agreement would always be 100%; its confidence must be its margin,
 * recorded as such, with the candidates and their scores in the reasoning.
 */
describe('the local router at samples = 3', () => {
  it('is rated by its score margin, not by 100% agreement, and names the candidates', async () => {
    const server = await createServer({
      name: 'math-local-confidence',
      transport: 'static',
      tools: [
        { name: 'get_sum', description: 'Add two numbers and return the sum of the numbers', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } },
        { name: 'get_difference', description: 'Subtract two numbers and return the difference of the numbers', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } },
      ],
    } as Parameters<typeof createServer>[0]);
    const tc = await createTestCase({ name: 'numbers, ambiguous', query: 'two numbers please', serverIds: [server.id], expectedServer: 'math-local-confidence', expectedTool: 'get_sum' } as Parameters<typeof createTestCase>[0]);
    const batch = await createBatch({ testCaseIds: [tc.id], models: [{ provider: 'local', model: 'lexical', timeout: 30, temperature: 0.4, maxRetries: 3 }], samples: 3, concurrency: 1 } as Parameters<typeof createBatch>[0], {});
    await waitForBatch(batch.id);
    const [row] = (await listRuns({ batchId: batch.id, limit: 5, offset: 0 })).rows;
    const run = await getRun(row?.id ?? '');
    expect(run?.status).toBe('completed');
    expect(run?.confidenceSource).toBe('local_margin');
    // Two tools sharing "numbers" score alike: a small margin, far from the 100% agreement of three identical samples.
    expect(run?.confidenceScore).toBeLessThan(0.9);
    expect(run?.confidenceCategory).not.toBe('robust');
    const evaluation = await getEvaluation(run?.id ?? '');
    expect(evaluation?.reasoning).toMatch(/The local router's scores: .*`get_(sum|difference)` [0-9.]+/);
    expect(evaluation?.passK).not.toBeNull();
  });
});
