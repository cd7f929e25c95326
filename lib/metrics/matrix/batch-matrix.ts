import 'server-only';
import { z } from 'zod';
import { listBatchMatrixRuns, listBatchModels } from '@/db/queries/batch-matrix';
import { getBatch } from '@/db/queries/batches';
import type { RunBatchRow } from '@/db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { buildMatrix, DEFAULT_DIR, MATRIX_SORTS, sortRows, type MatrixModel, type MatrixRow, type MatrixSort, type SortDir } from './cells';

export const MATRIX_MAX_PAGE_SIZE = 500;

/** `GET /api/batches/{id}/matrix` query: rows are test cases, paged; `modelId` names the column for sort=model. */
export const MatrixQuerySchema = z.object({
  sort: z.enum(MATRIX_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).optional(),
  modelId: z.string().min(1).max(100).optional(),
  /** Only the cases whose name contains this text (any letter case). */
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MATRIX_MAX_PAGE_SIZE).default(100),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type MatrixQuery = z.infer<typeof MatrixQuerySchema>;

export type BatchMatrix = {
  batch: { id: string; name: string; status: RunBatchRow['status']; samples: number; createdAt: string };
  models: MatrixModel[];
  rows: MatrixRow[];
  /** Test cases (rows) matching the search in the whole matrix, not only this page. */
  total: number;
  search: string | null;
  limit: number;
  offset: number;
  sort: MatrixSort;
  dir: SortDir;
  modelId: string | null;
};

/**
 * The batch's test case x model matrix: two queries (columns, then every run of the batch
 * with its evaluation), grouped and sorted in memory, one page of rows returned.
 */
export async function getBatchMatrix(batchId: string, q: MatrixQuery): Promise<BatchMatrix> {
  const batch = await getBatch(batchId);
  if (!batch) throw new NotFoundError('Batch', batchId);
  const built = buildMatrix(await listBatchModels(batchId), await listBatchMatrixRuns(batchId));
  const { models } = built;
  const needle = q.search?.toLocaleLowerCase('en');
  const rows = needle ? built.rows.filter((r) => r.testCaseName.toLocaleLowerCase('en').includes(needle)) : built.rows;
  let column = 0;
  if (q.sort === 'model') {
    column = models.findIndex((m) => m.id === q.modelId);
    if (column < 0) {
      throw new ValidationError(q.modelId ? `modelId '${q.modelId}' is not a model of this batch` : 'sort=model needs modelId (one of the batch\'s model ids)', [
        { path: 'modelId', message: `one of: ${models.map((m) => m.id).join(', ') || '(the batch has no runs)'}` },
      ]);
    }
  }
  const dir = q.dir ?? DEFAULT_DIR[q.sort];
  sortRows(rows, q.sort, dir, column);
  return {
    batch: { id: batch.id, name: batch.name, status: batch.status, samples: batch.samples, createdAt: batch.createdAt },
    models,
    rows: rows.slice(q.offset, q.offset + q.limit),
    total: rows.length,
    limit: q.limit,
    offset: q.offset,
    sort: q.sort,
    dir,
    modelId: q.sort === 'model' ? (q.modelId ?? null) : null,
    search: needle ? (q.search ?? null) : null,
  };
}
