export const RATE_LIMIT_PER_MINUTE = 120;
const WINDOW_MS = 60_000;

type Window = { start: number; count: number };
export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetAt: number; retryAfterSeconds: number };

// Kept on globalThis so separately bundled route modules and dev reloads share one counter.
// Node runs this synchronously on one thread, so concurrent requests are counted exactly.
const windows = ((globalThis as typeof globalThis & { __mcpEvalRateWindows?: Map<string, Window> }).__mcpEvalRateWindows ??= new Map());

/** Fixed one-minute windows per bucket (an API key id). Counts the request when allowed. */
export function takeToken(bucket: string, now = Date.now(), limit = RATE_LIMIT_PER_MINUTE): RateDecision {
  let w = windows.get(bucket);
  if (!w || now - w.start >= WINDOW_MS) {
    // Each key's window opens with its first request, so keys do not all reset at the same instant.
    w = { start: now, count: 0 };
    windows.set(bucket, w);
  }
  const resetAt = w.start + WINDOW_MS;
  const allowed = w.count < limit;
  if (allowed) w.count += 1;
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - w.count),
    resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
  };
}

export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  return {
    'x-ratelimit-limit': String(d.limit),
    'x-ratelimit-remaining': String(d.remaining),
    'x-ratelimit-reset': String(Math.ceil(d.resetAt / 1000)),
  };
}

/** For tests: start from empty windows. */
export function resetRateLimits(): void {
  windows.clear();
}
