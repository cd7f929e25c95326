import 'server-only';
import { deleteRun, getEvaluation, getRun, getSnapshot } from '@/db/queries/runs';
import { getCallResults } from '@/db/queries/sequence-runs';
import { ConflictError, NotFoundError } from '../../errors';
import { toRunDetailDto } from '../api/dto';

export async function getTestRunDetail(id: string) {
  const run = await getRun(id);
  if (!run) throw new NotFoundError('Test run', id);
  const [snapshot, evaluation, calls] = await Promise.all([getSnapshot(id), getEvaluation(id), getCallResults(id)]);
  return toRunDetailDto(run, snapshot, evaluation, calls);
}

/** Deleting cascades to the run's tool snapshot and evaluation result; a run in progress is refused. */
export async function deleteTestRun(id: string): Promise<void> {
  const run = await getRun(id);
  if (!run) throw new NotFoundError('Test run', id);
  if (run.status === 'pending' || run.status === 'running') {
    throw new ConflictError('The run is still in progress: cancel its batch or wait for it to finish', { status: run.status }, 'run_in_progress');
  }
  await deleteRun(id);
}
