'use client';

import Link from 'next/link';
import type { ServerDto } from '@/components/data/types';
import { ACTIONS_COLUMN, ColumnHeads } from '@/components/ui/column-heads';
import { CheckButton } from '../check-button';
import { DeleteServerButton } from '../delete-server-button';
import { endpointOf, TRANSPORT_LABELS } from '../format';
import { ServerStatus } from '../server-status';

export function ServersTable({ servers, onDeleted }: { servers: ServerDto[]; onDeleted: (name: string) => void }) {
  return (
    <div className="srv-table-wrap">
      <table className="srv-table">
        <caption className="sr-only">Registered MCP servers</caption>
        <ColumnHeads columns={['Name', 'Transport and endpoint', 'Status', ACTIONS_COLUMN]} />
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
                  <DeleteServerButton server={s} onDeleted={() => onDeleted(s.name)} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
