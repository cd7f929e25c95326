'use client';

import { ACTIONS_COLUMN, ColumnHeads } from '@/components/ui/column-heads';
import type { ApiKeyDto } from './api-keys';
import { KEY_COPY, type KeyKind } from './key-kind-copy';
import { RevokeKeyButton } from './revoke-key-button';

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : 'Never';
}

export function KeysTable({ kind = 'mcp', keys, onRevoked }: { kind?: KeyKind; keys: ApiKeyDto[]; onRevoked: (name: string) => void }) {
  const copy = KEY_COPY[kind];
  return (
    <div className="set-table-wrap">
      <table className="set-table">
        <caption className="sr-only">{copy.caption}</caption>
        <ColumnHeads columns={['Name', kind === 'api' ? 'Token' : 'Key', 'Created', 'Last used', 'Status', ACTIONS_COLUMN]} />
        <tbody>
          {keys.map((k) => (
            <tr key={k.id} data-testid={`${copy.testId}-row-${k.name}`} className={k.revokedAt ? 'set-revoked' : undefined}>
              <th scope="row">{k.name}</th>
              <td>
                <code>{k.prefix}…</code>
              </td>
              <td>{when(k.createdAt)}</td>
              <td>{when(k.lastUsedAt)}</td>
              <td>
                {k.revokedAt ? (
                  <span className="badge badge-tone-bad">Revoked {new Date(k.revokedAt).toLocaleDateString()}</span>
                ) : (
                  <span className="badge badge-tone-ok">Active</span>
                )}
              </td>
              <td>{k.revokedAt ? null : <RevokeKeyButton kind={kind} apiKey={k} onRevoked={onRevoked} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
