'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { queries } from '@/components/data/queries';
import type { BatchDto } from '@/components/data/types';

type ExperimentRef = NonNullable<BatchDto['experiment']>;

/** "Variant rewrite of experiment X": a variant batch names its experiment (nothing for an ordinary batch). */
export function ExperimentRefLink({ experiment }: { experiment: ExperimentRef | null | undefined }) {
  if (!experiment) return null;
  return (
    <p className="muted runs-small" data-testid="batch-experiment">
      Variant <strong>{experiment.variant}</strong> of the experiment{' '}
      <Link href={`/experiments/${encodeURIComponent(experiment.id)}`}>{experiment.name}</Link>
    </p>
  );
}

/** The same line for a page that knows only the batch id (a run's page). */
export function BatchExperimentLink({ batchId }: { batchId: string | null }) {
  const batch = useQuery({ ...queries.batch(batchId ?? ''), enabled: batchId !== null });
  return <ExperimentRefLink experiment={batchId ? batch.data?.experiment : null} />;
}
