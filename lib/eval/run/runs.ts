import 'server-only';
import { deleteRun, getEvaluation, getRun, getSnapshot } from '@/db/queries/runs';
import { getCallResults } from '@/db/queries/sequence-runs';
import { ConflictError, NotFoundError } from '../../errors';
import { toRunDetailDto } from '../api/dto';

export function getTestRunDetail(id: string) {
  const run = getRun(id);
  if (!run) throw new NotFoundError('Test run', id);
  return toRunDetailDto(run, getSnapshot(id), getEvaluation(id), getCallResults(id));
}

/** Deleting cascades to the run's tool snapshot and evaluation result; a run in progress is refused. */
export function deleteTestRun(id: string): void {
  const run = getRun(id);
  if (!run) throw new NotFoundError('Test run', id);
  if (run.status === 'pending' || run.status === 'running') {
    throw new ConflictError('The run is still in progress: cancel its batch or wait for it to finish', { status: run.status }, 'run_in_progress');
  }
  deleteRun(id);
}
