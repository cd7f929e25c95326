'use client';

import { useCancelBatch } from './use-cancel-batch';

export function CancelBatchButton({ batchId, batchName }: { batchId: string; batchName: string }) {
  const cancel = useCancelBatch();
  return (
    <span className="runs-inline">
      <button
        type="button"
        className="btn btn-small btn-danger"
        disabled={cancel.isPending}
        aria-label={`Cancel batch ${batchName}`}
        onClick={() => cancel.mutate(batchId)}
      >
        {cancel.isPending ? 'Cancelling…' : 'Cancel'}
      </button>
      {cancel.isError ? (
        <small className="field-error" role="alert">
          {cancel.error.message}
        </small>
      ) : null}
    </span>
  );
}
