import { describe, expect, it } from 'vitest';
import { LoginRateLimiter } from './login-rate-limit';

const T0 = 1_000_000;

describe('login rate limiter', () => {
  it('lets five wrong attempts through per client, then asks it to wait until the minute is over', () => {
    const rl = new LoginRateLimiter(5, 30, 60_000);
    for (let i = 0; i < 5; i++) {
      expect(rl.retryAfterSeconds('a', T0 + i)).toBe(0);
      rl.recordFailure('a', T0 + i);
    }
    expect(rl.retryAfterSeconds('a', T0 + 10)).toBe(60);
    expect(rl.retryAfterSeconds('a', T0 + 30_000)).toBe(30);
    expect(rl.retryAfterSeconds('b', T0 + 10)).toBe(0);
    expect(rl.retryAfterSeconds('a', T0 + 60_000)).toBe(0);
  });

  it('caps wrong attempts over all clients, so rotating the address does not buy more guesses', () => {
    const rl = new LoginRateLimiter(5, 30, 60_000);
    for (let i = 0; i < 30; i++) rl.recordFailure(`client-${i}`, T0);
    expect(rl.retryAfterSeconds('fresh-client', T0 + 1)).toBeGreaterThan(0);
    expect(rl.retryAfterSeconds('fresh-client', T0 + 60_000)).toBe(0);
  });

  it('forgets a client after a successful login', () => {
    const rl = new LoginRateLimiter(2, 30, 60_000);
    rl.recordFailure('a', T0);
    rl.recordSuccess('a');
    rl.recordFailure('a', T0);
    expect(rl.retryAfterSeconds('a', T0)).toBe(0);
    rl.recordFailure('a', T0);
    expect(rl.retryAfterSeconds('a', T0)).toBeGreaterThan(0);
  });
});
