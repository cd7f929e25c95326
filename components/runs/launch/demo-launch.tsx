'use client';

import type { BatchDto } from '@/components/data/types';
import { useLaunchBatch } from './use-launch-batch';

/** One click: every test case against the offline `local` baseline, no key, no network. */
export function DemoLaunch({ onLaunched }: { onLaunched: (batch: BatchDto) => void }) {
  const launch = useLaunchBatch();
  return (
    <section className="panel runs-demo" aria-labelledby="runs-demo-title">
      <div>
        <h2 id="runs-demo-title">Try it offline</h2>
        <p className="muted">
          Runs every test case against the <code>local</code> provider, an offline retrieval baseline (not an LLM): no key, no network, done in
          seconds.
        </p>
      </div>
      <div className="runs-demo-action">
        <button
          type="button"
          className="btn btn-primary"
          disabled={launch.isPending}
          onClick={() => launch.mutate({ models: [{ provider: 'local', model: 'hybrid' }] }, { onSuccess: onLaunched })}
        >
          {launch.isPending ? 'Starting…' : 'Run the demo evaluation (offline)'}
        </button>
        {launch.isError ? (
          <p className="field-error" role="alert">
            {launch.error.message}
          </p>
        ) : null}
        {/* The card appears further down the page: say here, where focus is, that it started. */}
        <p className="sr-only" role="status">
          {launch.data ? `Started “${launch.data.name}” with ${launch.data.counts.total} runs; follow it under Live progress.` : ''}
        </p>
      </div>
    </section>
  );
}
