import { describe, expect, it } from 'vitest';
import { ApiError } from '@/components/data/fetcher';
import type { ServerDto } from '@/components/data/types';
import { checkBeforeSave } from './client-checks';
import { formErrorsFrom } from './form-errors';
import { EMPTY_FORM, formFromServer, newRow, toRequestBody } from './form-state';

const stored: ServerDto = {
  id: 's1',
  name: 'remote',
  transport: 'streamable-http',
  url: 'https://example.com/mcp',
  headers: { 'X-Team': 'evals' },
  auth: { type: 'header', configured: true, headerName: 'X-API-Key' },
  status: 'active',
  statusDetail: null,
  lastConnectedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('toRequestBody', () => {
  it('creates an HTTP server with headers and auth', () => {
    const body = toRequestBody({ ...EMPTY_FORM, name: ' a ', url: 'http://x/mcp', headers: [newRow('X-A', '1'), newRow('', 'ignored')], authType: 'bearer', token: 't' });
    expect(body).toEqual({ name: 'a', transport: 'streamable-http', url: 'http://x/mcp', headers: { 'X-A': '1' }, auth: { type: 'bearer', token: 't' } });
  });

  it('creates a stdio server with one argument per line and env, and no HTTP fields', () => {
    const body = toRequestBody({ ...EMPTY_FORM, name: 'fs', transport: 'stdio', command: 'npx', args: '-y\r\n@scope/pkg\n\n/tmp dir', env: [newRow('TOKEN', 's')], authType: 'bearer', token: 'x' });
    expect(body).toEqual({ name: 'fs', transport: 'stdio', command: 'npx', args: ['-y', '@scope/pkg', '/tmp dir'], env: { TOKEN: 's' } });
  });

  it('keeps a stored secret when its fields are left empty on edit', () => {
    const form = formFromServer(stored);
    expect(form.headerName).toBe('X-API-Key');
    expect(toRequestBody(form, stored)).not.toHaveProperty('auth');
    expect(toRequestBody({ ...form, headerValue: 'new' }, stored)).toMatchObject({ auth: { type: 'header', headerName: 'X-API-Key', value: 'new' } });
    expect(toRequestBody({ ...form, authType: 'none' }, stored)).toMatchObject({ auth: { type: 'none' } });
  });

  it('sends masked env values back unchanged so the API keeps them', () => {
    const server: ServerDto = { ...stored, transport: 'stdio', url: undefined, headers: undefined, command: 'node', args: ['s.js'], env: { KEY: '********' }, auth: { type: 'none', configured: false } };
    expect(toRequestBody(formFromServer(server), server)).toMatchObject({ env: { KEY: '********' } });
  });
});

describe('form errors', () => {
  it('puts validation details next to their fields', () => {
    const err = new ApiError(400, 'validation_error', 'invalid', [
      { path: 'url', message: 'url must use http or https' },
      { path: 'auth.value', message: 'Too small' },
      { path: 'headers.Bad Name', message: 'invalid HTTP header name' },
      { path: '', message: 'root problem' },
    ]);
    const out = formErrorsFrom(err);
    expect(out.fields).toEqual({ url: 'url must use http or https', headerValue: 'Too small', headers: 'Bad Name: invalid HTTP header name' });
    expect(out.general).toEqual(['root problem']);
  });

  it('explains conflicts and refused stdio', () => {
    expect(formErrorsFrom(new ApiError(409, 'conflict', 'A server with this name already exists', { field: 'name' })).fields.name).toMatch(/already exists/);
    const stdio = formErrorsFrom(new ApiError(403, 'stdio_not_allowed', 'Registering stdio servers … is disabled'));
    expect(stdio.fields.transport).toBeDefined();
    expect(stdio.general).toEqual(['Registering stdio servers … is disabled']);
  });

  it('catches an unparsable URL before sending', () => {
    expect(checkBeforeSave({ ...EMPTY_FORM, name: 'a', url: 'not a url' })?.fields.url).toMatch(/absolute URL/);
    expect(checkBeforeSave({ ...EMPTY_FORM, name: 'a', url: 'http://x' })).toBeNull();
  });
});
