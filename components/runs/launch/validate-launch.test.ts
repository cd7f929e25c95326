import { describe, expect, it } from 'vitest';
import { EMPTY_KEYS, keyHeaders } from './api-keys';
import { copyModelRow, newModelRow, withProvider } from './model-rows';
import { validateLaunch, type LaunchDraft } from './validate-launch';

function draft(patch: Partial<LaunchDraft> = {}): LaunchDraft {
  return { name: '', cases: { mode: 'all', ids: [] }, rows: [newModelRow('local')], samples: '1', concurrency: '4', keys: EMPTY_KEYS, ...patch };
}

describe('validateLaunch', () => {
  it('builds the body of the offline default: all test cases, server defaults filled in', () => {
    const r = validateLaunch(draft());
    expect(r.errors).toBeNull();
    expect(r.body).toEqual({ models: [{ provider: 'local', model: 'hybrid', timeout: 30, temperature: 0.4, maxRetries: 3 }], samples: 1, concurrency: 4 });
  });

  it('asks for the key a cloud row needs, accepts the generic key instead, and never puts a key in the body', () => {
    const openai = { ...withProvider(newModelRow('local'), 'openai'), baseUrl: 'http://127.0.0.1:9/v1', maxRetries: '0' };
    expect(validateLaunch(draft({ rows: [openai] })).errors?.keys).toEqual({ openai: 'Needed for the openai model (or fill the generic key).' });
    const keys = { ...EMPTY_KEYS, generic: 'sk-generic' };
    const ok = validateLaunch(draft({ rows: [openai], keys, cases: { mode: 'some', ids: ['a', 'b'] }, name: ' mine ' }));
    expect(ok.body).toMatchObject({ name: 'mine', testCaseIds: ['a', 'b'], models: [{ provider: 'openai', model: 'gpt-4o-mini', baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0 }] });
    expect(JSON.stringify(ok.body)).not.toContain('sk-generic');
    expect(keyHeaders(keys)).toEqual({ 'X-Model-API-Key': 'sk-generic' });
  });

  it('does not send the settings the local router has no use for, even if typed before switching to it', () => {
    const typed = { ...withProvider(newModelRow('openai'), 'local'), temperature: '1.5', maxRetries: '9', baseUrl: 'http://x', systemPrompt: 'be brief', timeout: '12' };
    const r = validateLaunch(draft({ rows: [typed] }));
    expect(r.errors).toBeNull();
    expect(r.body?.models).toEqual([{ provider: 'local', model: 'hybrid', timeout: 12, temperature: 0.4, maxRetries: 3 }]);
  });

  it('marks the fields to fix', () => {
    const compat = { ...newModelRow('openai-compatible'), temperature: '3' };
    const r = validateLaunch(draft({ rows: [compat], samples: '0', concurrency: '33', cases: { mode: 'some', ids: [] } }));
    expect(r.body).toBeNull();
    expect(Object.keys(r.errors?.rows[compat.key] ?? {}).sort()).toEqual(['baseUrl', 'temperature']);
    expect(r.errors).toMatchObject({ samples: expect.any(String), concurrency: expect.any(String), cases: expect.any(String) });
  });
});

describe('copyModelRow', () => {
  it('copies every setting of the last row under a new key', () => {
    const last = { ...newModelRow('openai-compatible'), model: 'qwen3', baseUrl: 'http://127.0.0.1:11434/v1', temperature: '0', timeout: '60' };
    const copy = copyModelRow(last);
    expect(copy.key).not.toBe(last.key);
    expect({ ...copy, key: '' }).toEqual({ ...last, key: '' });
  });
});
