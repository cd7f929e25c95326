'use client';

import { FieldError } from '@/components/ui/field-error';
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
      <FieldError error={cancel.error?.message} />
    </span>
  );
}
