/**
 * Wrong login attempts, counted per client address in fixed one-minute windows, plus a
 * ceiling over all addresses: X-Forwarded-For is whatever the client says when no proxy
 * sets it, so an attacker rotating it still gets at most GLOBAL_LIMIT guesses a minute.
 * In memory, per process: a restart or another replica starts counting afresh.
 */
export const PER_CLIENT_LIMIT = 5;
export const GLOBAL_LIMIT = 30;
export const WINDOW_MS = 60_000;
const MAX_TRACKED = 10_000;

type Window = { startedAt: number; failures: number };

export class LoginRateLimiter {
  private readonly clients = new Map<string, Window>();
  private global: Window = { startedAt: 0, failures: 0 };

  constructor(
    private readonly perClient = PER_CLIENT_LIMIT,
    private readonly overall = GLOBAL_LIMIT,
    private readonly windowMs = WINDOW_MS,
  ) {}

  /** Seconds to wait before another attempt is heard, or 0 when it may go ahead. */
  retryAfterSeconds(client: string, now = Date.now()): number {
    const waits = [this.blockedFor(this.clients.get(client), this.perClient, now), this.blockedFor(this.global, this.overall, now)];
    return Math.max(...waits);
  }

  recordFailure(client: string, now = Date.now()): void {
    this.global = this.bump(this.global, now);
    if (this.clients.size >= MAX_TRACKED && !this.clients.has(client)) this.prune(now);
    this.clients.set(client, this.bump(this.clients.get(client), now));
  }

  /** A correct password clears that client's count (not the global one). */
  recordSuccess(client: string): void {
    this.clients.delete(client);
  }

  private current(w: Window | undefined, now: number): Window | undefined {
    return w && now - w.startedAt < this.windowMs ? w : undefined;
  }

  private bump(w: Window | undefined, now: number): Window {
    const live = this.current(w, now);
    return live ? { startedAt: live.startedAt, failures: live.failures + 1 } : { startedAt: now, failures: 1 };
  }

  private blockedFor(w: Window | undefined, limit: number, now: number): number {
    const live = this.current(w, now);
    if (!live || live.failures < limit) return 0;
    return Math.max(1, Math.ceil((live.startedAt + this.windowMs - now) / 1000));
  }

  private prune(now: number): void {
    for (const [k, w] of this.clients) if (!this.current(w, now)) this.clients.delete(k);
    // Still full of live windows: the oldest entry goes (Map keeps insertion order).
    if (this.clients.size >= MAX_TRACKED) {
      const oldest = this.clients.keys().next().value;
      if (oldest !== undefined) this.clients.delete(oldest);
    }
  }
}

const store = globalThis as typeof globalThis & { __mcpEvalLoginLimiter?: LoginRateLimiter };
/** One per process, shared by every module instance (dev reloads, the proxy bundle). */
export const loginRateLimiter = (store.__mcpEvalLoginLimiter ??= new LoginRateLimiter());
