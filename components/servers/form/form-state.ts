import type { ServerDto } from '@/components/data/types';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AuthInput, ServerInput, ServerPatch, Transport } from '@/lib/servers/schemas';
import { newToolDraft, toolFromDraft, type ToolDraft } from './tool-drafts';

export type KeyValueRow = { id: number; key: string; value: string };
export type AuthType = AuthInput['type'];

/** Everything the form edits, as the user typed it. */
export type ServerFormState = {
  name: string;
  transport: Transport;
  url: string;
  headers: KeyValueRow[];
  command: string;
  /** One argument per line. */
  args: string;
  env: KeyValueRow[];
  authType: AuthType;
  token: string;
  headerName: string;
  headerValue: string;
  username: string;
  password: string;
  /** Static servers: the tool editor's list. */
  tools: ToolDraft[];
};

let nextRowId = 1;
export const newRow = (key = '', value = ''): KeyValueRow => ({ id: nextRowId++, key, value });

export const EMPTY_FORM: ServerFormState = {
  name: '',
  transport: 'streamable-http',
  url: '',
  headers: [],
  command: '',
  args: '',
  env: [],
  authType: 'none',
  token: '',
  headerName: '',
  headerValue: '',
  username: '',
  password: '',
  tools: [],
};

/** The stored server as form state; secrets are never returned, so their fields start empty. */
export function formFromServer(server: ServerDto, tools: Tool[] = []): ServerFormState {
  return {
    ...EMPTY_FORM,
    name: server.name,
    transport: server.transport,
    url: server.url ?? '',
    headers: Object.entries(server.headers ?? {}).map(([k, v]) => newRow(k, v)),
    command: server.command ?? '',
    args: (server.args ?? []).join('\n'),
    env: Object.entries(server.env ?? {}).map(([k, v]) => newRow(k, v)),
    authType: server.auth.type,
    headerName: server.auth.headerName ?? '',
    tools: tools.map((t) =>
      newToolDraft({
        name: t.name,
        description: t.description ?? '',
        inputSchema: t.inputSchema,
        outputSchema: t.outputSchema,
        annotations: t.annotations,
      }),
    ),
  };
}

const isHttp = (t: Transport) => t === 'streamable-http' || t === 'sse';

function rowsToRecord(rows: KeyValueRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((r) => r.key.trim() !== '').map((r) => [r.key.trim(), r.value]));
}

function authFromState(s: ServerFormState): AuthInput {
  switch (s.authType) {
    case 'none':
      return { type: 'none' };
    case 'bearer':
      return { type: 'bearer', token: s.token };
    case 'header':
      return { type: 'header', headerName: s.headerName.trim(), value: s.headerValue };
    case 'basic':
      return { type: 'basic', username: s.username, password: s.password };
  }
}

/** On edit, untouched secret fields mean "keep what is stored". */
function keepsStoredAuth(s: ServerFormState, original: ServerDto): boolean {
  if (s.authType !== original.auth.type || s.authType === 'none') return false;
  switch (s.authType) {
    case 'bearer':
      return s.token === '';
    case 'basic':
      return s.username === '' && s.password === '';
    case 'header':
      return s.headerValue === '' && s.headerName.trim() === (original.auth.headerName ?? '');
  }
}

/** True when the secret fields may be left empty because a stored secret is kept. */
export function secretKept(s: ServerFormState, original: ServerDto | undefined): boolean {
  return original !== undefined && s.authType === original.auth.type && original.auth.type !== 'none';
}

/** The request body: the whole server on create, on edit everything but the secrets left untouched. */
export function toRequestBody(s: ServerFormState, original?: ServerDto): ServerInput | ServerPatch {
  const base = { name: s.name.trim(), transport: s.transport };
  // The whole list every time: the API replaces it (the cast lets the API name what the editor could not parse).
  if (s.transport === 'static') return { ...base, tools: s.tools.map(toolFromDraft) as ServerInput['tools'] };
  if (isHttp(s.transport)) {
    const body: ServerPatch = { ...base, url: s.url.trim(), headers: rowsToRecord(s.headers) };
    if (!original || !keepsStoredAuth(s, original)) body.auth = authFromState(s);
    return body;
  }
  const args = s.args.split('\n').map((a) => a.replace(/\r$/, '')).filter((a) => a.trim() !== '');
  // Masked values ("********") go back as they are: the API keeps the stored value of that key.
  return { ...base, command: s.command.trim(), args, env: rowsToRecord(s.env) };
}
