'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import type { ServerDto } from '@/components/data/types';
import { FieldError } from '@/components/ui/field-error';
import { useSnapshotServer } from '../mutations';

/** "Snapshot to static": copies the live server's current tools into a new static server, then opens it. */
export function SnapshotAction({ server }: { server: ServerDto }) {
  const router = useRouter();
  const id = useId();
  const snapshot = useSnapshotServer(server.id);
  const [name, setName] = useState(`${server.name}-snapshot`);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    snapshot.mutate(name.trim(), { onSuccess: (created) => router.push(`/servers/${created.id}`) });
  };

  return (
    <details className="srv-snapshot">
      <summary className="btn">Snapshot to static</summary>
      <form className="srv-snapshot-form" onSubmit={submit} aria-busy={snapshot.isPending}>
        <p className="muted srv-small">Lists the server&apos;s tools now and keeps them as a new static tool set, to edit and evaluate without touching the server.</p>
        <label htmlFor={id}>Name of the static copy</label>
        <input
          id={id}
          value={name}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={snapshot.error ? true : undefined}
          aria-describedby={snapshot.error ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`} error={snapshot.error?.message} />
        <button type="submit" className="btn btn-primary" disabled={snapshot.isPending || name.trim() === ''}>
          {snapshot.isPending ? 'Listing tools…' : 'Create snapshot'}
        </button>
      </form>
    </details>
  );
}
