import 'server-only';
import { pingDatabase, runActivity, serverStatusCounts } from '@/db/queries/health';
import { getCircuitBreakers, type BreakerSnapshot } from '../eval/run/circuit-breaker';

export type HealthStatus = 'healthy' | 'degraded' | 'unavailable';
export type Health = {
  status: HealthStatus;
  reasons: string[];
  database: { ok: boolean; latencyMs: number; error?: string };
  servers: { total: number; active: number; failed: number; inactive: number };
  runs: { lastHour: number; failedLastHour: number; errorRate: number | null; perMinute: number; latencyP50Ms: number | null; latencyP95Ms: number | null };
  circuitBreakers: BreakerSnapshot[];
  uptimeSeconds: number;
};

const HOUR_MS = 3_600_000;
const ERROR_RATE_DEGRADED = 0.5;
const MIN_RUNS_FOR_RATE = 5;

/**
 * unavailable: the database does not answer. degraded: a registered server failed its last
 * check, a circuit breaker is open, or most runs of the last hour failed.
 */
export async function getHealth(now = Date.now()): Promise<Health> {
  const started = performance.now();
  const breakers = getCircuitBreakers().snapshot();
  try {
    await pingDatabase();
    const dbLatency = Math.round((performance.now() - started) * 100) / 100;
    const counts = await serverStatusCounts();
    const activity = await runActivity(new Date(now - HOUR_MS).toISOString(), new Date(now - 5 * 60_000).toISOString());
    const errorRate = activity.finished > 0 ? activity.failed / activity.finished : null;
    const reasons: string[] = [];
    if (counts.failed > 0) reasons.push(`${counts.failed} server(s) failed their last check`);
    const open = breakers.filter((b) => b.state !== 'closed');
    if (open.length) reasons.push(`circuit open: ${open.map((b) => b.key).join(', ')}`);
    if (errorRate !== null && activity.finished >= MIN_RUNS_FOR_RATE && errorRate > ERROR_RATE_DEGRADED) {
      reasons.push(`${Math.round(errorRate * 100)}% of the last hour's runs failed`);
    }
    return {
      status: reasons.length ? 'degraded' : 'healthy',
      reasons,
      database: { ok: true, latencyMs: dbLatency },
      servers: { total: counts.active + counts.failed + counts.inactive, ...counts },
      runs: {
        lastHour: activity.finished,
        failedLastHour: activity.failed,
        errorRate: errorRate === null ? null : Math.round(errorRate * 1000) / 1000,
        perMinute: Math.round((activity.lastFiveMinutes / 5) * 100) / 100,
        latencyP50Ms: activity.p50,
        latencyP95Ms: activity.p95,
      },
      circuitBreakers: breakers,
      uptimeSeconds: Math.round(process.uptime()),
    };
  } catch (err) {
    return {
      status: 'unavailable',
      reasons: ['database unavailable'],
      database: { ok: false, latencyMs: Math.round(performance.now() - started), error: err instanceof Error ? err.message : String(err) },
      servers: { total: 0, active: 0, failed: 0, inactive: 0 },
      runs: { lastHour: 0, failedLastHour: 0, errorRate: null, perMinute: 0, latencyP50Ms: null, latencyP95Ms: null },
      circuitBreakers: breakers,
      uptimeSeconds: Math.round(process.uptime()),
    };
  }
}
