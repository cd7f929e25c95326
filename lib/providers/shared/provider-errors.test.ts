import { describe, expect, it } from 'vitest';
import { ProviderError } from '../types';
import { scrubSecret } from '../api-keys';
import { toProviderError, type SdkErrorClasses } from './provider-errors';

class SdkError extends Error {}
class APIError extends SdkError {
  constructor(
    readonly status: number | undefined,
    message: string,
  ) {
    super(message);
  }
}
class APIUserAbortError extends APIError {}
class APIConnectionError extends APIError {}
class APIConnectionTimeoutError extends APIConnectionError {}
const sdk: SdkErrorClasses = { SdkError, APIError, APIUserAbortError, APIConnectionError, APIConnectionTimeoutError };

const KEY = 'sk-live-abcdef123456';
const ctx = (signal = new AbortController().signal) => ({
  label: 'Test',
  sdk,
  settings: { timeoutMs: 5000, maxRetries: 2, temperature: 0 },
  signal,
  apiKey: KEY,
});

describe('scrubSecret', () => {
  it('removes the key and key-shaped tokens', () => {
    expect(scrubSecret(`bad key ${KEY} given`, KEY)).toBe('bad key [redacted] given');
    expect(scrubSecret('Incorrect API key provided: sk-proj-****************wxyz.')).not.toContain('wxyz');
    expect(scrubSecret('plain text')).toBe('plain text');
  });
});

describe('toProviderError', () => {
  it.each([
    [new APIError(401, `401 invalid key ${KEY}`), 'auth', 401],
    [new APIError(403, '403 forbidden'), 'auth', 403],
    [new APIError(429, '429 slow down'), 'rate_limit', 429],
    [new APIError(500, '500 boom'), 'upstream', 500],
    [new APIConnectionTimeoutError(undefined, 'timed out'), 'timeout', undefined],
    [new APIUserAbortError(undefined, 'aborted'), 'aborted', undefined],
    [new APIConnectionError(undefined, `connect ECONNREFUSED ${KEY}`), 'upstream', undefined],
    [new SyntaxError('Unexpected end of JSON input'), 'bad_response', undefined],
    [new SdkError(`odd ${KEY}`), 'upstream', undefined],
    [new ProviderError(`wrapped ${KEY}`, 'bad_response'), 'bad_response', undefined],
  ])('maps %s', (err, kind, status) => {
    const mapped = toProviderError(err, ctx());
    expect(mapped).toBeInstanceOf(ProviderError);
    expect(mapped).toMatchObject({ kind, status });
    expect((mapped as ProviderError).message).not.toContain(KEY);
  });

  it('reports any failure after the signal aborted as aborted', () => {
    const controller = new AbortController();
    controller.abort();
    expect(toProviderError(new APIError(500, 'x'), ctx(controller.signal))).toMatchObject({ kind: 'aborted' });
  });

  it('returns programming errors unchanged', () => {
    const bug = new TypeError('x is undefined');
    expect(toProviderError(bug, ctx())).toBe(bug);
  });
});
