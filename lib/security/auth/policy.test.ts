import { describe, expect, it } from 'vitest';
import { checkAuthAtStartup, resolveAuthPolicy } from './policy';

const PASSWORD = 'correct horse battery';
const TOKEN = 't'.repeat(40);
const base = { adminPassword: undefined, adminToken: undefined, auth: undefined } as const;

describe('auth policy', () => {
  it.each([
    ['loopback, nothing set: off (the dev default)', { ...base, host: '127.0.0.1' }, 'off'],
    ['localhost, nothing set: off', { ...base, host: 'localhost' }, 'off'],
    ['loopback with a password: on', { ...base, host: '127.0.0.1', adminPassword: PASSWORD }, 'on'],
    ['0.0.0.0 with a password: on', { ...base, host: '0.0.0.0', adminPassword: PASSWORD }, 'on'],
    ['0.0.0.0 with a token: on', { ...base, host: '0.0.0.0', adminToken: TOKEN }, 'on'],
    ['0.0.0.0, nothing set: misconfigured', { ...base, host: '0.0.0.0' }, 'misconfigured'],
    ['a LAN address, nothing set: misconfigured', { ...base, host: '192.168.1.5' }, 'misconfigured'],
    ['AUTH=password without a credential: misconfigured', { ...base, host: '127.0.0.1', auth: 'password' as const }, 'misconfigured'],
    ['AUTH=none beyond loopback: opted out', { ...base, host: '0.0.0.0', auth: 'none' as const }, 'opted-out'],
    ['AUTH=none wins over a password', { ...base, host: '0.0.0.0', auth: 'none' as const, adminPassword: PASSWORD }, 'opted-out'],
  ])('%s', (_label, env, mode) => {
    expect(resolveAuthPolicy(env).mode).toBe(mode);
  });

  it('start-up refuses an exposed instance without credentials, naming the settings that fix it', () => {
    expect(() => checkAuthAtStartup({ ...base, host: '0.0.0.0' })).toThrow(/Refusing to start.*ADMIN_PASSWORD.*ADMIN_TOKEN.*AUTH=none/);
  });

  it('start-up warns about AUTH=none only beyond loopback', () => {
    expect(checkAuthAtStartup({ ...base, host: '0.0.0.0', auth: 'none' }).warnings).toEqual([expect.stringMatching(/AUTH=none with HOST=0\.0\.0\.0/)]);
    expect(checkAuthAtStartup({ ...base, host: '127.0.0.1', auth: 'none' }).warnings).toEqual([]);
    expect(checkAuthAtStartup({ ...base, host: '127.0.0.1' }).warnings).toEqual([]);
  });
});
