import { z } from 'zod';
import { listBatches } from '@/db/queries/batches';
import { countRunsByStatus } from '@/db/queries/runs';
import { readApiKeys } from '@/lib/providers/api-keys';
import { createBatch } from '@/lib/eval/run/batch';
import { toBatchDto } from '@/lib/eval/api/dto';
import { BatchInputSchema } from '@/lib/eval/api/schemas';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { listBody, PageQuerySchema } from '@/lib/pagination';

const Query = PageQuerySchema.extend({ status: z.enum(['pending', 'running', 'completed', 'failed', 'cancelled', 'interrupted']).optional() });

export const GET = route(async (req) => {
  const q = parseQuery(req, Query);
  const { rows, total } = listBatches(q);
  const counts = countRunsByStatus(rows.map((r) => r.id));
  return json(listBody(rows.map((r) => toBatchDto(r, counts.get(r.id) ?? { total: 0, pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 })), total, q));
});

/** Test cases x models x samples, run in the background: 202 with the pending batch. */
export const POST = route(async (req) => {
  const input = await parseBody(req, BatchInputSchema);
  return json(createBatch(input, readApiKeys(req.headers)), { status: 202 });
});
