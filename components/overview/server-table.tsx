import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { ColumnHeads } from '@/components/ui/column-heads';
import styles from './overview.module.css';

export type ServerRow = { id: string; name: string; transport: string; endpoint: string; status: string; statusDetail: string | null };

/** The registered servers and whether their last check passed. */
export function ServerTable({ servers }: { servers: ServerRow[] }) {
  if (servers.length === 0) {
    return (
      <div className="state state-empty">
        <strong>No servers yet.</strong> <Link href="/servers/new">Register one</Link> or <Link href="/servers/import">import an mcp.json</Link>.
      </div>
    );
  }
  return (
    <div className={styles.tableWrap}>
      <table>
        <ColumnHeads columns={['Server and endpoint', 'Transport', 'Status']} />
        <tbody>
          {servers.map((s) => (
            <tr key={s.id} data-testid={`server-${s.name}`}>
              <th scope="row" className={styles.rowHead}>
                <Link href={`/servers/${s.id}`}>{s.name}</Link>
                <div className={styles.endpoint}>
                  <code>{s.endpoint}</code>
                </div>
              </th>
              <td className={styles.nowrap}>{s.transport}</td>
              <td>
                <Badge value={s.status} />
                {s.statusDetail ? <div className="muted">{s.statusDetail}</div> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
