'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { HANDOFF_HREF, saveLaunchHandoff } from '@/components/runs/launch/launch-handoff';
import { bulkDeleteTestCases } from '../api';
import { filterBody, type TestCaseFilters } from '../filters';
import type { Selection } from './use-selection';

/** The API's limit for one bulk action. */
const MAX_BULK = 10_000;

const plural = (n: number) => `${n.toLocaleString('en')} test case${n === 1 ? '' : 's'}`;

type Props = {
  selection: Selection;
  /** Cases matching the filters (all pages). */
  total: number;
  pageIds: string[];
  filters: TestCaseFilters;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onDeleted: (count: number) => void;
};

/** What is selected, widening to every matching case, and the actions on it: run and delete. */
export function BulkActions({ selection, total, pageIds, filters, onSelectAllMatching, onClear, onDeleted }: Props) {
  const router = useRouter();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const count = selection.kind === 'matching' ? total : selection.ids.size;
  const body = selection.kind === 'matching' ? { filter: filterBody(filters) } : { ids: [...selection.ids] };
  const remove = useMutation({
    mutationFn: () => bulkDeleteTestCases(body),
    onSuccess: async ({ deleted }) => {
      setConfirming(false);
      onClear();
      onDeleted(deleted);
      await client.invalidateQueries({ queryKey: ['test-cases'] });
    },
  });

  const pageAllTicked = selection.kind === 'ids' && pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  const tooMany = count > MAX_BULK;

  const run = () => {
    const label = selection.kind === 'matching' ? `all ${plural(total)} matching the list's filters` : `${plural(count)} chosen on the test cases page`;
    saveLaunchHandoff(selection.kind === 'matching' ? { kind: 'filter', filter: filterBody(filters), total, label } : { kind: 'ids', ids: [...selection.ids], label });
    router.push(HANDOFF_HREF);
  };

  return (
    <div className="tc-bulk" role="group" aria-label="Selected test cases">
      <span aria-live="polite" className="tc-bulk-count">
        {count === 0 ? 'None selected' : selection.kind === 'matching' ? `All ${plural(total)} matching selected` : `${plural(count)} selected`}
      </span>
      {pageAllTicked && total > selection.ids.size ? (
        <button type="button" className="btn btn-small" onClick={onSelectAllMatching}>
          Select all {plural(total)} matching
        </button>
      ) : null}
      {count > 0 ? (
        <>
          <button type="button" className="btn btn-small" onClick={onClear}>
            Clear selection
          </button>
          <button type="button" className="btn btn-small btn-primary" onClick={run} disabled={tooMany}>
            Run selected…
          </button>
          <button
            type="button"
            className="btn btn-small btn-danger"
            disabled={tooMany}
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            Delete selected…
          </button>
          {tooMany ? <span className="muted">At most {MAX_BULK.toLocaleString('en')} at once: narrow the filters.</span> : null}
        </>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${plural(count)}?`}
        confirmLabel={`Delete ${plural(count)}`}
        busyLabel="Deleting…"
        busy={remove.isPending}
        error={remove.error ? remove.error.message : null}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {selection.kind === 'matching' ? `Every one of the ${plural(count)} matching the current filters` : `The ${plural(count)} you ticked`} and the results of
          their runs are removed for good, all together or (if one cannot be deleted) none. Export them first if you may want them back.
        </p>
      </ConfirmDialog>
    </div>
  );
}
