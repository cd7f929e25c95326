'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TestCaseDto } from '@/components/data/types';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deleteTestCase } from '../api';

/** The row's Delete button and its confirmation. */
export function DeleteTestCase({ testCase, onDeleted }: { testCase: Pick<TestCaseDto, 'id' | 'name'>; onDeleted: (name: string) => void }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => deleteTestCase(testCase.id),
    onSuccess: async () => {
      setOpen(false);
      onDeleted(testCase.name);
      await client.invalidateQueries({ queryKey: ['test-cases'] });
    },
  });
  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-danger"
        aria-label={`Delete ${testCase.name}`}
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
      >
        Delete
      </button>
      <ConfirmDialog
        open={open}
        title={`Delete “${testCase.name}”?`}
        confirmLabel="Delete test case"
        busyLabel="Deleting…"
        busy={mutation.isPending}
        error={mutation.error ? mutation.error.message : null}
        onConfirm={() => mutation.mutate()}
        onCancel={() => setOpen(false)}
      >
        <p>The test case and the results of its runs are removed for good. Export it first if you may want it back.</p>
      </ConfirmDialog>
    </>
  );
}
