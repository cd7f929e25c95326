'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queries } from '@/components/data/queries';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { fetchVariantExport, useApplyVariant } from '../mutations';
import { saveJson } from '../download';
import type { VariantDto } from '../types';

type Props = { experimentId: string; experimentName: string; variant: VariantDto };

/** Adopt a variant: download it as a JSON Patch or an edited tools file, or write it into the static server that holds the tools. */
export function AdoptActions({ experimentId, experimentName, variant }: Props) {
  const servers = useQuery(queries.servers());
  const apply = useApplyVariant(experimentId);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<null | 'patch' | 'tools'>(null);

  const names = [...new Set(variant.changes.map((c) => c.server))];
  const holders = names.map((n) => servers.data?.items.find((s) => s.name === n));
  // Only a static server's tools live in the harness; a live server's own code has to change.
  const allStatic = holders.length > 0 && holders.every((s) => (s?.transport as string | undefined) === 'static');

  const download = async (format: 'patch' | 'tools') => {
    setBusy(format);
    setMessage('');
    try {
      const data = await fetchVariantExport(experimentId, variant.name, format);
      const file = saveJson(`${experimentName}-${variant.name}-${format === 'patch' ? 'json-patch' : 'tools'}`, data);
      setMessage(`Downloaded ${file}.`);
    } catch (err) {
      setMessage(`Could not export: ${err instanceof Error ? err.message : 'unknown error'}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="exp-adopt" role="group" aria-label={`Adopt ${variant.name}`}>
      <button type="button" className="btn btn-small" disabled={busy !== null} onClick={() => void download('patch')} aria-label={`Download ${variant.name} as JSON Patch`}>
        {busy === 'patch' ? 'Preparing…' : 'Download JSON Patch'}
      </button>
      <button type="button" className="btn btn-small" disabled={busy !== null} onClick={() => void download('tools')} aria-label={`Download the edited tools file of ${variant.name}`}>
        {busy === 'tools' ? 'Preparing…' : 'Download edited tools'}
      </button>
      {allStatic ? (
        <button type="button" className="btn btn-small btn-primary" onClick={() => setConfirming(true)} aria-label={`Apply ${variant.name} to ${names.join(', ')}`}>
          Apply to static server
        </button>
      ) : null}
      <p className="exp-small" role="status">
        {message}
      </p>
      <ConfirmDialog
        open={confirming}
        title={`Apply “${variant.name}” to ${names.join(', ')}?`}
        confirmLabel="Apply changes"
        busyLabel="Applying…"
        busy={apply.isPending}
        error={apply.error?.message ?? null}
        onCancel={() => {
          apply.reset();
          setConfirming(false);
        }}
        onConfirm={() =>
          apply.mutate(variant.name, {
            onSuccess: () => {
              setConfirming(false);
              setMessage(`Applied ${variant.name} to ${names.join(', ')}: later runs see the new definitions.`);
            },
          })
        }
      >
        <p>
          The static server{names.length === 1 ? '' : 's'} {names.join(', ')} will hold the changed tool definitions from now on. Earlier runs keep the tools they saw.
        </p>
      </ConfirmDialog>
    </div>
  );
}
