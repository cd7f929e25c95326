import { z } from 'zod';
import { deleteMeta, getMeta, setMeta } from '@/db/queries/app-meta';
import { getBatch } from '@/db/queries/batches';
import { ConflictError } from '../../errors';
import type { BatchDto } from '../../eval/api/dto';
import { getBatchDto } from '../../eval/run/batch';

/**
 * One pinned baseline for the whole app (an app_meta row): the batch every new batch is
 * compared with by default. Global rather than per test set because comparisons already
 * compare only the cases both batches ran and warn when the sets differ; a team that keeps
 * several suites re-pins when it switches. A pinned batch that is later deleted reads as none.
 */
const KEY = 'baseline_batch_id';

export const PinBaselineSchema = z.object({ batchId: z.string().trim().min(1, 'batchId is required').max(100) }).strict();

export type Baseline = { batch: BatchDto | null; pinnedAt: string | null };

const PINNABLE = new Set<BatchDto['status']>(['completed', 'cancelled', 'interrupted', 'failed']);

const StoredSchema = z.object({ batchId: z.string(), pinnedAt: z.string() });

function readStored(raw: string): z.infer<typeof StoredSchema> | null {
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function getBaseline(): Promise<Baseline> {
  const raw = await getMeta(KEY);
  if (!raw) return { batch: null, pinnedAt: null };
  const stored = readStored(raw);
  if (!stored || !(await getBatch(stored.batchId))) return { batch: null, pinnedAt: null };
  const { batchId, pinnedAt } = stored;
  return { batch: await getBatchDto(batchId), pinnedAt };
}

export async function getBaselineBatchId(): Promise<string | null> {
  return (await getBaseline()).batch?.id ?? null;
}

/** Pins a finished batch (404 unknown, 409 while it still runs: its figures would move under the comparison). */
export async function pinBaseline(batchId: string, now = new Date()): Promise<Baseline> {
  const batch = await getBatchDto(batchId);
  if (!PINNABLE.has(batch.status)) throw new ConflictError(`Batch '${batch.name}' is still ${batch.status}; pin it as the baseline once it has finished`, { batchId }, 'batch_not_finished');
  await setMeta(KEY, JSON.stringify({ batchId, pinnedAt: now.toISOString() }));
  return getBaseline();
}

export async function unpinBaseline(): Promise<Baseline> {
  await deleteMeta(KEY);
  return { batch: null, pinnedAt: null };
}
