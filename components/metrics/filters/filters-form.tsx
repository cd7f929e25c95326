'use client';

import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { queries } from '@/components/data/queries';
import { Field } from '@/components/ui/field';
import { PROVIDER_IDS } from '@/lib/providers/catalog';
import styles from '../metrics.module.css';
import { BatchSelect } from './batch-select';
import { FILTER_KEYS, hasFilters, type MetricsFilterValues } from './filter-params';
import { batchModelNames, useBatchOptions } from './use-batch-options';

type Props = {
  filters: MetricsFilterValues;
  onApply: (filters: MetricsFilterValues) => void;
  /** Tool names seen in the current results, offered as suggestions. */
  toolNames: string[];
};

const TEXT_FIELDS = [
  { key: 'model', label: 'Model', list: 'metrics-models', placeholder: 'any model' },
  { key: 'serverName', label: 'Server name', list: 'metrics-servers', placeholder: 'any server' },
  { key: 'toolName', label: 'Tool name', list: 'metrics-tools', placeholder: 'any tool' },
] as const;

/**
 * The filters, bound to the URL by the page (it remounts this form when the URL changes).
 * Selects apply at once; typed fields apply with Enter or the Apply button.
 */
export function FiltersForm({ filters, onApply, toolNames }: Props) {
  const [draft, setDraft] = useState<MetricsFilterValues>(filters);
  const batches = useBatchOptions();
  const servers = useQuery(queries.servers());
  const set = (key: keyof MetricsFilterValues, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const applyNow = (key: keyof MetricsFilterValues, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    onApply(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  const clear = () => onApply(Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])));
  const batchItems = batches.data?.items ?? [];

  return (
    <form className={styles.filters} onSubmit={submit} aria-label="Metrics filters" role="search">
      <div className={styles.filterBatch}>
        <Field label="Batch" hint={batches.isError ? 'Could not load the batches; type filters still work.' : undefined}>
          {(p) => <BatchSelect {...p} value={draft.batchId ?? ''} batches={batchItems} emptyLabel="All batches" onChange={(v) => applyNow('batchId', v)} />}
        </Field>
      </div>
      <Field label="Provider">
        {(p) => (
          <select {...p} value={draft.provider ?? ''} onChange={(e) => applyNow('provider', e.target.value)}>
            <option value="">Any provider</option>
            {PROVIDER_IDS.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        )}
      </Field>
      {TEXT_FIELDS.map((f) => (
        <Field key={f.key} label={f.label}>
          {(p) => <input {...p} type="search" list={f.list} placeholder={f.placeholder} value={draft[f.key] ?? ''} onChange={(e) => set(f.key, e.target.value)} />}
        </Field>
      ))}
      <Field label="From">{(p) => <input {...p} type="date" value={draft.from ?? ''} onChange={(e) => set('from', e.target.value)} />}</Field>
      <Field label="To">{(p) => <input {...p} type="date" value={draft.to ?? ''} onChange={(e) => set('to', e.target.value)} />}</Field>
      <div className={styles.filterActions}>
        <button type="submit" className="btn btn-primary">
          Apply filters
        </button>
        <button type="button" className="btn" onClick={clear} disabled={!hasFilters(filters)}>
          Clear
        </button>
      </div>
      {filters.testCaseId ? (
        <p className={styles.filterNote}>
          Only test case <code>{filters.testCaseId}</code>.{' '}
          <button type="button" className="btn btn-small" onClick={() => applyNow('testCaseId', '')}>
            Show all test cases
          </button>
        </p>
      ) : null}
      <datalist id="metrics-models">
        {batchModelNames(batchItems).map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <datalist id="metrics-servers">
        {(servers.data?.items ?? []).map((s) => (
          <option key={s.id} value={s.name} />
        ))}
      </datalist>
      <datalist id="metrics-tools">
        {toolNames.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
    </form>
  );
}
