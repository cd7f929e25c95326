'use client';

import { useState } from 'react';
import type { BatchDto } from '@/components/data/types';
import { BatchList } from './batches/batch-list';
import { DemoLaunch } from './launch/demo-launch';
import { LaunchForm } from './launch/launch-form';
import { LiveBatches } from './live/live-batches';
import { RunTable } from './table/run-table';
import { useRunFilters } from './table/use-run-filters';

/** /runs: launch batches, follow them live, browse batches and runs. */
export function RunsPage() {
  const [launched, setLaunched] = useState<string[]>([]);
  const [filters] = useRunFilters();
  // The launch form's case count waits for the first screen of runs: at 1M runs GET /api/test-cases took 0.5-1 s
  // (its cases' last verdicts), and on SQLite the run list's request queued behind it.
  const [runsShown, setRunsShown] = useState(false);

  const onLaunched = (batch: BatchDto) => {
    setLaunched((ids) => [batch.id, ...ids.filter((id) => id !== batch.id)]);
    // Bring the progress into view (and focus, for keyboard and screen-reader users).
    requestAnimationFrame(() => {
      const section = document.getElementById('live-progress');
      section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      section?.focus({ preventScroll: true });
    });
  };

  return (
    <>
      <h1>Runs</h1>
      <p className="muted runs-lead">
        Run test cases against models, follow the batch live, then open any run to see why the model chose what it chose.
      </p>
      <DemoLaunch onLaunched={onLaunched} />
      <LaunchForm onLaunched={onLaunched} countReady={runsShown} />
      <LiveBatches launched={launched} />
      <BatchList selectedBatchId={filters.batchId ?? null} />
      <RunTable onFirstData={() => setRunsShown(true)} />
    </>
  );
}
