import 'server-only';
import { pingDatabase, serverStatusCounts } from '@/db/queries/health';

export type HealthStatus = 'healthy' | 'degraded' | 'unavailable';
export type Health = {
  status: HealthStatus;
  database: { ok: boolean; latencyMs: number; error?: string };
  servers: { total: number; active: number; failed: number; inactive: number };
  uptimeSeconds: number;
};

/** unavailable: the database is down; degraded: some registered server failed its last check. */
export function getHealth(): Health {
  const started = performance.now();
  try {
    pingDatabase();
    const counts = serverStatusCounts();
    const total = counts.active + counts.failed + counts.inactive;
    return {
      status: counts.failed > 0 ? 'degraded' : 'healthy',
      database: { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 },
      servers: { total, ...counts },
      uptimeSeconds: Math.round(process.uptime()),
    };
  } catch (err) {
    return {
      status: 'unavailable',
      database: { ok: false, latencyMs: Math.round(performance.now() - started), error: err instanceof Error ? err.message : String(err) },
      servers: { total: 0, active: 0, failed: 0, inactive: 0 },
      uptimeSeconds: Math.round(process.uptime()),
    };
  }
}
