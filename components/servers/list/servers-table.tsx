'use client';

import Link from 'next/link';
import type { ServerDto } from '@/components/data/types';
import { CheckButton } from '../check-button';
import { DeleteServerButton } from '../delete-server-button';
import { endpointOf, TRANSPORT_LABELS } from '../format';
import { ServerStatus } from '../server-status';

export function ServersTable({ servers }: { servers: ServerDto[] }) {
  return (
    <div className="srv-table-wrap">
      <table className="srv-table">
        <caption className="sr-only">Registered MCP servers</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Transport and endpoint</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {servers.map((s) => (
            <tr key={s.id} data-testid={`server-row-${s.name}`}>
              <th scope="row" className="srv-name-cell">
                <Link href={`/servers/${s.id}`}>{s.name}</Link>
                {s.auth.type !== 'none' ? <div className="muted srv-small">auth: {s.auth.type}</div> : null}
              </th>
              <td>
                <div className="srv-small muted">{TRANSPORT_LABELS[s.transport]}</div>
                <code className="srv-endpoint">{endpointOf(s)}</code>
              </td>
              <td>
                <ServerStatus server={s} compact />
              </td>
              <td>
                <div className="row-actions srv-row-actions">
                  <CheckButton serverId={s.id} serverName={s.name} />
                  <Link className="btn btn-small" href={`/servers/${s.id}/edit`} aria-label={`Edit ${s.name}`}>
                    Edit
                  </Link>
                  <DeleteServerButton server={s} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
