/**
 * A circuit breaker per MCP server and per provider: after FAILURE_THRESHOLD consecutive
 * failures calls fail fast for OPEN_MS, then one trial call is let through (half-open); its
 * success closes the circuit, its failure opens it again.
 */
export const FAILURE_THRESHOLD = 5;
export const OPEN_MS = 30_000;

export type BreakerState = 'closed' | 'open' | 'half-open';
export type BreakerSnapshot = { key: string; state: BreakerState; consecutiveFailures: number; openedAt: string | null };

type Breaker = { failures: number; openedAt: number | null; trialInFlight: boolean };

export class CircuitOpenError extends Error {
  constructor(readonly key: string, retryInMs: number) {
    super(`circuit open for ${key} after ${FAILURE_THRESHOLD} consecutive failures; retrying in ${Math.ceil(retryInMs / 1000)} s`);
    this.name = 'CircuitOpenError';
  }
}

export class CircuitBreakers {
  private readonly breakers = new Map<string, Breaker>();

  constructor(private readonly now: () => number = Date.now) {}

  private get(key: string): Breaker {
    let b = this.breakers.get(key);
    if (!b) {
      b = { failures: 0, openedAt: null, trialInFlight: false };
      this.breakers.set(key, b);
    }
    return b;
  }

  state(key: string): BreakerState {
    const b = this.breakers.get(key);
    if (!b || b.openedAt === null) return 'closed';
    return this.now() - b.openedAt >= OPEN_MS ? 'half-open' : 'open';
  }

  /** Throws CircuitOpenError when the call must not be made. */
  before(key: string): void {
    const b = this.get(key);
    const state = this.state(key);
    if (state === 'open') throw new CircuitOpenError(key, OPEN_MS - (this.now() - (b.openedAt ?? 0)));
    if (state === 'half-open') {
      if (b.trialInFlight) throw new CircuitOpenError(key, 1000);
      b.trialInFlight = true;
    }
  }

  success(key: string): void {
    this.breakers.set(key, { failures: 0, openedAt: null, trialInFlight: false });
  }

  failure(key: string): void {
    const b = this.get(key);
    b.failures += 1;
    b.trialInFlight = false;
    if (b.openedAt !== null || b.failures >= FAILURE_THRESHOLD) b.openedAt = this.now();
  }

  async run<T>(key: string, fn: () => Promise<T>, isFailure: (err: unknown) => boolean = () => true): Promise<T> {
    this.before(key);
    try {
      const result = await fn();
      this.success(key);
      return result;
    } catch (err) {
      if (isFailure(err)) this.failure(key);
      else this.get(key).trialInFlight = false;
      throw err;
    }
  }

  snapshot(): BreakerSnapshot[] {
    return [...this.breakers.entries()].map(([key, b]) => ({
      key,
      state: this.state(key),
      consecutiveFailures: b.failures,
      openedAt: b.openedAt === null ? null : new Date(b.openedAt).toISOString(),
    }));
  }
}

const holder = globalThis as typeof globalThis & { __mcpEvalBreakers?: CircuitBreakers };

/** The process-wide breakers (shared by every batch, reported by /api/health). */
export function getCircuitBreakers(): CircuitBreakers {
  holder.__mcpEvalBreakers ??= new CircuitBreakers();
  return holder.__mcpEvalBreakers;
}
