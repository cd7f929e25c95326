'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queries } from '@/components/data/queries';
import { PROVIDER_IDS } from '@/lib/providers/catalog';
import { batchModelNames, shortId } from '../format';
import { useDebouncedValue } from '@/components/ui/use-debounced-value';
import { CLASSIFICATIONS, RUN_STATUSES, type RunFilters } from './use-run-filters';

type Props = { filters: RunFilters; onChange: (patch: Partial<RunFilters>) => void };

/** Server-side filters of GET /api/test-runs. */
export function RunFilterBar({ filters, onChange }: Props) {
  const batches = useQuery(queries.batches({ limit: 50 }));
  const [model, setModel] = useState(filters.model ?? '');
  const settledModel = useDebouncedValue(model.trim(), 400);
  useEffect(() => {
    if (settledModel !== (filters.model ?? '')) onChange({ model: settledModel || undefined });
    // Only the typed value drives this; the URL follows it.
  }, [settledModel]);

  const batchOptions = batches.data?.items ?? [];
  const knownModels = [...new Set(batchOptions.flatMap((b) => batchModelNames(b)))];
  const unknownBatch = filters.batchId && !batchOptions.some((b) => b.id === filters.batchId);
  const anyFilter = Boolean(filters.batchId || filters.status || filters.provider || filters.model || filters.classification);

  return (
    <div className="toolbar runs-filters" role="group" aria-label="Filter runs">
      <label className="runs-filter">
        <span>Batch</span>
        <select value={filters.batchId ?? ''} onChange={(e) => onChange({ batchId: e.target.value || undefined })}>
          <option value="">All batches</option>
          {unknownBatch ? <option value={filters.batchId}>Batch {shortId(filters.batchId ?? '')}</option> : null}
          {batchOptions.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      <label className="runs-filter">
        <span>Status</span>
        <select value={filters.status ?? ''} onChange={(e) => onChange({ status: RUN_STATUSES.find((s) => s === e.target.value) })}>
          <option value="">Any</option>
          {RUN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="runs-filter">
        <span>Provider</span>
        <select value={filters.provider ?? ''} onChange={(e) => onChange({ provider: PROVIDER_IDS.find((p) => p === e.target.value) })}>
          <option value="">Any</option>
          {PROVIDER_IDS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label className="runs-filter">
        <span>Model</span>
        <input type="search" value={model} placeholder="exact name" list="runs-known-models" spellCheck={false} onChange={(e) => setModel(e.target.value)} />
        <datalist id="runs-known-models">
          {knownModels.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </label>
      <label className="runs-filter">
        <span>Classification</span>
        <select value={filters.classification ?? ''} onChange={(e) => onChange({ classification: CLASSIFICATIONS.find((c) => c === e.target.value) })}>
          <option value="">Any</option>
          {CLASSIFICATIONS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      {anyFilter ? (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            setModel('');
            onChange({ batchId: undefined, status: undefined, provider: undefined, model: undefined, classification: undefined });
          }}
        >
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
