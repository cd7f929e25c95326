import 'server-only';
import { listRuns } from '@/db/queries/runs';
import { toRunDto } from '@/lib/eval/api/dto';
import { RunListQuerySchema } from '@/lib/eval/api/schemas';
import { fitList } from '../budget';
import { pageShape } from './page';
import { defineTool } from './types';

export const listRunsTool = defineTool({
  name: 'list_runs',
  title: 'List evaluation runs',
  description: () =>
    'Evaluation runs, newest first: which tool the model picked for a test case and how it was classified ' +
    '(TP/FP/TN/FN). Filter by testCaseId, batchId, status, provider, model, classification. ' +
    'Returns {items, total, limit, offset, returned, nextOffset, metadata}; call get_run for one run in full.',
  inputSchema: RunListQuerySchema.extend(pageShape).strict(),
  run: async (args, ctx) => {
    const { rows, total } = await listRuns(args);
    const items = rows.map(toRunDto).map((r) => ({
      id: r.id,
      testCaseId: r.testCaseId,
      testCaseName: r.testCaseName,
      batchId: r.batchId,
      status: r.status,
      provider: r.modelSettings?.provider ?? null,
      model: r.modelSettings?.model ?? null,
      selectedServer: r.selectedServer,
      selectedTool: r.selectedTool,
      classification: r.classification,
      confidenceScore: r.confidenceScore,
      confidenceCategory: r.confidenceCategory,
      failureReasons: r.failureReasons,
      executionTimeMs: r.executionTimeMs,
      errorMessage: r.errorMessage,
      createdAt: r.createdAt,
    }));
    return fitList({ items, total, limit: args.limit, offset: args.offset }, ctx);
  },
});
