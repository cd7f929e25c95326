'use client';

import Link from 'next/link';
import type { BatchDto } from '@/components/data/types';
import { useBaseline, usePinBaseline } from '@/components/data/baseline';

const FORMATS = [
  { id: 'html', label: 'HTML (standalone, with charts)' },
  { id: 'md', label: 'Markdown' },
  { id: 'csv', label: 'CSV (one row per run)' },
  { id: 'json', label: 'JSON' },
] as const;

const FINISHED = new Set(['completed', 'cancelled', 'interrupted', 'failed']);

/** GET /api/batches/{id}/report in each format, as plain download links (no script needed to save them). */
export function DownloadReportMenu({ batch }: { batch: Pick<BatchDto, 'id' | 'name'> }) {
  const base = `/api/batches/${encodeURIComponent(batch.id)}/report`;
  return (
    <details className="runs-menu" data-testid="report-menu">
      <summary className="btn btn-small" aria-label={`Download a report of ${batch.name}`}>
        Report ▾
      </summary>
      <ul className="runs-menu-list" aria-label={`Report formats for ${batch.name}`}>
        {FORMATS.map((f) => (
          <li key={f.id}>
            <a href={`${base}?format=${f.id}`} download>
              {f.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Pin this batch as the baseline (or unpin it), and compare with the pinned one. */
export function BaselineActions({ batch }: { batch: Pick<BatchDto, 'id' | 'name' | 'status'> }) {
  const baseline = useBaseline();
  const pin = usePinBaseline();
  const pinnedId = baseline.data?.batch?.id ?? null;
  const isBaseline = pinnedId === batch.id;
  return (
    <>
      {isBaseline ? (
        <button type="button" className="btn btn-small" aria-pressed="true" onClick={() => pin.mutate(null)} disabled={pin.isPending} aria-label={`Unpin ${batch.name} as the baseline`}>
          ★ Baseline
        </button>
      ) : FINISHED.has(batch.status) ? (
        <button type="button" className="btn btn-small" aria-pressed="false" onClick={() => pin.mutate(batch.id)} disabled={pin.isPending} aria-label={`Pin ${batch.name} as the baseline`}>
          Pin as baseline
        </button>
      ) : null}
      {pinnedId && !isBaseline ? (
        <Link className="btn btn-small" href={`/metrics?a=${encodeURIComponent(pinnedId)}&b=${encodeURIComponent(batch.id)}#compare`} aria-label={`Compare ${batch.name} with the baseline`}>
          vs baseline
        </Link>
      ) : null}
      {pin.isError ? (
        <span role="alert" className="runs-error-text runs-small">
          {pin.error.message}
        </span>
      ) : null}
    </>
  );
}
