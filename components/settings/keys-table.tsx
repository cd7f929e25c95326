'use client';

import type { ApiKeyDto } from './api-keys';
import { RevokeKeyButton } from './revoke-key-button';

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : 'Never';
}

export function KeysTable({ keys }: { keys: ApiKeyDto[] }) {
  return (
    <div className="set-table-wrap">
      <table className="set-table">
        <caption className="sr-only">API keys for the /mcp endpoint</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.id} data-testid={`key-row-${k.name}`} className={k.revokedAt ? 'set-revoked' : undefined}>
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
              <td>{k.revokedAt ? null : <RevokeKeyButton apiKey={k} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
