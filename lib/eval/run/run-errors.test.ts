import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../providers/types';
import { scrubSecret } from '../../providers/api-keys';
import { describeRunError, isProviderOutage } from './run-errors';

describe('run errors', () => {
  const key = 'sk-test-SENTINEL-0123456789abcdef';

  it('never lets the key or a long fragment of it through', () => {
    const msg = scrubSecret(`401 Incorrect API key provided: ${key}. Also sk-test-SENTINEL-0123...cdef`, key);
    expect(msg).not.toContain(key);
    expect(msg).not.toContain('SENTINEL-0123');
    expect(msg).toContain('[redacted]');
  });

  it('describes provider errors with their kind and status', () => {
    const text = describeRunError(new ProviderError(`bad key ${key}`, 'auth', 401), key);
    expect(text).toMatch(/^LLM provider auth \(HTTP 401\): bad key \[redacted\]/);
    expect(text).not.toContain('SENTINEL');
  });

  it('counts only outages toward the breaker', () => {
    expect(isProviderOutage(new ProviderError('x', 'rate_limit', 429))).toBe(true);
    expect(isProviderOutage(new ProviderError('x', 'auth', 401))).toBe(false);
    expect(isProviderOutage(new Error('x'))).toBe(false);
  });
});
