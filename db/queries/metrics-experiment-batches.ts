import 'server-only';
import { sql } from 'drizzle-orm';
import { all } from '../sql';

/**
 * The batches of experiment variants (experiment_variants.batch_id, idx_experiment_variants_batch), in id order:
 * their runs saw tools rewritten by the experiment, so the unfiltered metrics leave them out (issue 14). One row
 * per variant, a few per experiment: small next to the runs.
 */
export async function selectExperimentBatchIds(): Promise<string[]> {
  const rows = await all<{ id: string }>(sql`select distinct batch_id as id from experiment_variants where batch_id is not null order by batch_id`);
  return rows.map((r) => r.id);
}
