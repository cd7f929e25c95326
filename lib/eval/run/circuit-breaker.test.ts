import { describe, expect, it } from 'vitest';
import { CircuitBreakers, CircuitOpenError, FAILURE_THRESHOLD, OPEN_MS } from './circuit-breaker';

describe('CircuitBreakers', () => {
  it('opens after consecutive failures, half-opens after 30 s, and closes on a successful trial', async () => {
    let now = 0;
    const breakers = new CircuitBreakers(() => now);
    const fail = () => breakers.run('mcp:a', async () => Promise.reject(new Error('down')));
    for (let i = 0; i < FAILURE_THRESHOLD; i++) await expect(fail()).rejects.toThrow('down');
    expect(breakers.state('mcp:a')).toBe('open');
    await expect(breakers.run('mcp:a', async () => 'x')).rejects.toBeInstanceOf(CircuitOpenError);
    expect(breakers.state('mcp:b')).toBe('closed');

    now += OPEN_MS;
    expect(breakers.state('mcp:a')).toBe('half-open');
    let release: () => void = () => undefined;
    const trial = breakers.run('mcp:a', () => new Promise<string>((r) => (release = () => r('ok'))));
    // Only one trial at a time while half-open.
    await expect(breakers.run('mcp:a', async () => 'y')).rejects.toBeInstanceOf(CircuitOpenError);
    release();
    await expect(trial).resolves.toBe('ok');
    expect(breakers.state('mcp:a')).toBe('closed');
  });

  it('re-opens when the half-open trial fails, and a success resets the count', async () => {
    let now = 0;
    const breakers = new CircuitBreakers(() => now);
    for (let i = 0; i < FAILURE_THRESHOLD - 1; i++) await breakers.run('p', async () => Promise.reject(new Error('x'))).catch(() => undefined);
    await breakers.run('p', async () => 'ok');
    await breakers.run('p', async () => Promise.reject(new Error('x'))).catch(() => undefined);
    expect(breakers.state('p')).toBe('closed');
    for (let i = 0; i < FAILURE_THRESHOLD; i++) await breakers.run('p', async () => Promise.reject(new Error('x'))).catch(() => undefined);
    now += OPEN_MS;
    await breakers.run('p', async () => Promise.reject(new Error('still down'))).catch(() => undefined);
    expect(breakers.state('p')).toBe('open');
    expect(breakers.snapshot()[0]).toMatchObject({ key: 'p', state: 'open' });
  });

  it('does not count errors the caller says are not failures', async () => {
    const breakers = new CircuitBreakers();
    for (let i = 0; i < FAILURE_THRESHOLD + 2; i++) {
      await breakers.run('q', async () => Promise.reject(new Error('bad input')), () => false).catch(() => undefined);
    }
    expect(breakers.state('q')).toBe('closed');
  });
});
