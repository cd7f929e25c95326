'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queries } from '@/components/data/queries';
import { BatchLiveCard } from './batch-live-card';

/** Browsers allow about six HTTP/1.1 connections per host: keep most of them for the page's fetches. */
const MAX_STREAMS = 3;

/**
 * Live progress of the batches launched here and of any batch found running (e.g. from another
 * tab or the API). A card stays after its batch ends until dismissed, so the result is seen.
 */
export function LiveBatches({ launched }: { launched: string[] }) {
  const running = useQuery({ ...queries.batches({ status: 'running', limit: 20 }), refetchInterval: 10_000 });
  const [found, setFound] = useState<string[]>([]);
  const [dismissed, setDismissed] = useState<Set<string>>(() => new Set());

  useEffect(() => {
    const ids = running.data?.items.map((b) => b.id) ?? [];
    setFound((prev) => (ids.every((id) => prev.includes(id)) ? prev : [...prev, ...ids.filter((id) => !prev.includes(id))]));
  }, [running.data]);

  const shown = [...new Set([...launched, ...found])].filter((id) => !dismissed.has(id));

  return (
    <section aria-labelledby="runs-live-title" className="runs-section" id="live-progress" tabIndex={-1}>
      <h2 id="runs-live-title">Live progress</h2>
      {shown.length === 0 ? <p className="muted">No batch is running. Launch one above; its progress streams here.</p> : null}
      {shown.map((id, i) => (
        <BatchLiveCard key={id} batchId={id} stream={i < MAX_STREAMS} onDismiss={() => setDismissed((d) => new Set(d).add(id))} />
      ))}
    </section>
  );
}
