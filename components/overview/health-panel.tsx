import type { Health } from '@/components/data/types';
import { formatMs } from '@/components/metrics/format';
import { Badge } from '@/components/ui/badge';
import { ColumnHeads } from '@/components/ui/column-heads';
import styles from './overview.module.css';

const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);

/** GET /api/health as a panel: the status and why, run latency, and any tripped circuit breaker. */
export function HealthPanel({ health }: { health: Health }) {
  const tripped = health.circuitBreakers.filter((b) => b.state !== 'closed');
  return (
    <div data-testid="health-panel">
      <p className={styles.healthLine}>
        <Badge value={health.status} />{' '}
        {health.reasons.length === 0 ? (
          <span>Database and every registered server answer; no circuit breaker is open.</span>
        ) : (
          <span>Needs attention:</span>
        )}
      </p>
      {health.reasons.length ? (
        <ul className={styles.reasons} data-testid="health-reasons">
          {health.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
      <dl className={styles.facts}>
        <div>
          <dt>Database</dt>
          <dd>{health.database.ok ? `ok, ${health.database.latencyMs} ms` : `down: ${health.database.error ?? 'no answer'}`}</dd>
        </div>
        <div>
          <dt>Run latency p50 / p95</dt>
          <dd data-testid="health-latency">
            {formatMs(health.runs.latencyP50Ms)} / {formatMs(health.runs.latencyP95Ms)}
          </dd>
        </div>
        <div>
          <dt>Runs, last hour</dt>
          <dd>
            {health.runs.lastHour} ({health.runs.failedLastHour} failed, error rate {percent(health.runs.errorRate)})
          </dd>
        </div>
        <div>
          <dt>Runs per minute</dt>
          <dd>{health.runs.perMinute}</dd>
        </div>
      </dl>
      <h3 className={styles.subTitle}>Circuit breakers</h3>
      {health.circuitBreakers.length === 0 ? (
        <p className="muted">None tripped since start-up: a breaker opens after 5 consecutive failures of a server or provider.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table data-testid="circuit-breakers">
            <ColumnHeads columns={['Server or provider', 'State', 'Consecutive failures', 'Opened']} />
            <tbody>
              {health.circuitBreakers.map((b) => (
                <tr key={b.key}>
                  <th scope="row" className={styles.rowHead}>
                    <code>{b.key}</code>
                  </th>
                  <td>
                    <Badge value={b.state.replace('-', '_')} tone={b.state === 'closed' ? 'ok' : b.state === 'open' ? 'bad' : 'idle'} />
                  </td>
                  <td className={styles.num}>{b.consecutiveFailures}</td>
                  <td>{b.openedAt ? `${b.openedAt.slice(0, 16).replace('T', ' ')} UTC` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {tripped.length ? <p className="muted">Open breakers retry after 30 s (half-open); a success closes them.</p> : null}
    </div>
  );
}
