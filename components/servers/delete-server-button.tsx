'use client';

import { useState } from 'react';
import { ApiError } from '@/components/data/fetcher';
import type { ServerDto } from '@/components/data/types';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteServer } from './mutations';

type InUse = { count: number };

function inUseCount(error: unknown): InUse | null {
  if (!(error instanceof ApiError) || error.code !== 'server_in_use') return null;
  const count = (error.details as { count?: unknown } | undefined)?.count;
  return { count: typeof count === 'number' ? count : 0 };
}

/**
 * Delete with a confirmation. A server that test cases use is refused (409 server_in_use);
 * the dialog then says so and offers to delete those test cases along with it.
 */
export function DeleteServerButton({ server, small = true, onDeleted }: { server: Pick<ServerDto, 'id' | 'name'>; small?: boolean; onDeleted?: () => void }) {
  const [open, setOpen] = useState(false);
  // Kept apart from the mutation's error, which clears while the forced delete runs.
  const [inUse, setInUse] = useState<InUse | null>(null);
  const remove = useDeleteServer();
  const otherError = remove.error && !inUseCount(remove.error) ? remove.error : null;

  const close = () => {
    setOpen(false);
    setInUse(null);
    remove.reset();
  };
  const submit = (force: boolean) =>
    remove.mutate(
      { id: server.id, force },
      {
        onSuccess: () => {
          setOpen(false);
          onDeleted?.();
        },
        onError: (error) => {
          const found = inUseCount(error);
          if (found) setInUse(found);
        },
      },
    );

  return (
    <>
      <button type="button" className={`btn btn-danger${small ? ' btn-small' : ''}`} onClick={() => setOpen(true)} aria-label={`Delete ${server.name}`}>
        Delete
      </button>
      <ConfirmDialog
        open={open}
        title={inUse ? `${server.name} is used by test cases` : `Delete ${server.name}?`}
        confirmLabel={inUse ? `Delete with its ${inUse.count} test case${inUse.count === 1 ? '' : 's'}` : 'Delete server'}
        busyLabel="Deleting…"
        busy={remove.isPending}
        error={otherError?.message ?? null}
        onConfirm={() => submit(inUse !== null)}
        onCancel={close}
      >
        {inUse ? (
          <p>
            {inUse.count === 1 ? '1 test case uses' : `${inUse.count} test cases use`} this server, so it was not deleted. You can delete the
            server together with {inUse.count === 1 ? 'that test case' : `those ${inUse.count} test cases`} (and their runs), or keep it and
            change the test cases first.
          </p>
        ) : (
          <p>The server is removed from the registry together with its playground history. This cannot be undone.</p>
        )}
      </ConfirmDialog>
    </>
  );
}
