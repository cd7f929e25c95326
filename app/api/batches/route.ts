import { z } from 'zod';
import { listBatches } from '@/db/queries/batches';
import { countRunsByStatus } from '@/db/queries/runs';
import { readApiKeys } from '@/lib/providers/api-keys';
import { createBatch } from '@/lib/eval/run/batch';
import { toBatchDto } from '@/lib/eval/api/dto';
import { BatchRequestSchema, toBatchInput } from '@/lib/eval/api/batch-request';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { listBody, PageQuerySchema } from '@/lib/pagination';

const Query = PageQuerySchema.extend({ status: z.enum(['pending', 'running', 'completed', 'failed', 'cancelled', 'interrupted']).optional() });

export const GET = route(async (req) => {
  const q = parseQuery(req, Query);
  const { rows, total } = await listBatches(q);
  const counts = await countRunsByStatus(rows.map((r) => r.id));
  return json(listBody(rows.map((r) => toBatchDto(r, counts.get(r.id) ?? { total: 0, pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 })), total, q));
});

/** Test cases (ids, tags or a filter) x models x samples, run in the background: 202 with the pending batch. */
export const POST = route(async (req) => {
  const input = await toBatchInput(await parseBody(req, BatchRequestSchema));
  return json(await createBatch(input, readApiKeys(req.headers)), { status: 202 });
});
