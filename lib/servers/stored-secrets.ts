import 'server-only';
import type { McpServerRow, NewMcpServerRow } from '@/db/schema';
import { decryptJson, encryptJson } from '../crypto/secrets';
import { UnprocessableError } from '../errors';
import type { ServerConnection } from '../mcp/connection';
import type { AuthInput } from './schemas';
import { storedToolsOf } from './static-tools/store';

/** The secret half of an auth input, as stored (encrypted) in auth_secret. */
export type StoredAuth =
  | { type: 'bearer'; token: string }
  | { type: 'header'; headerName: string; value: string }
  | { type: 'basic'; username: string; password: string };

export const MASKED_VALUE = '********';

export function authColumns(auth: AuthInput | undefined): Pick<NewMcpServerRow, 'authType' | 'authSecret'> {
  if (!auth || auth.type === 'none') return { authType: 'none', authSecret: null };
  return { authType: auth.type, authSecret: encryptJson(auth) };
}

export function envColumn(env: Record<string, string> | undefined): string | null {
  return env && Object.keys(env).length ? encryptJson(env) : null;
}

export function readEnv(row: Pick<McpServerRow, 'envSecret'>): Record<string, string> {
  return row.envSecret ? decryptJson<Record<string, string>>(row.envSecret) : {};
}

export function readAuth(row: Pick<McpServerRow, 'authSecret'>): StoredAuth | null {
  return row.authSecret ? decryptJson<StoredAuth>(row.authSecret) : null;
}

/** Header name of a 'header' auth: not a secret, and the UI shows it. */
export function authHeaderName(row: McpServerRow): string | null {
  if (row.authType !== 'header') return null;
  const auth = readAuth(row);
  return auth?.type === 'header' ? auth.headerName : null;
}

/** The request headers an auth entry becomes (also used by the CLI to reach a suite's servers without registering them). */
export function authHeaders(auth: StoredAuth | null): Record<string, string> {
  if (!auth) return {};
  switch (auth.type) {
    case 'bearer':
      return { Authorization: `Bearer ${auth.token}` };
    case 'basic':
      return { Authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}` };
    case 'header':
      return { [auth.headerName]: auth.value };
  }
}

/** Decrypts what is needed to connect; the result lives only as long as the call. */
export async function toConnection(row: McpServerRow): Promise<ServerConnection> {
  // A static server's tools are read now: a run's snapshot is the list at run time.
  if (row.transport === 'static') return { name: row.name, transport: 'static', tools: await storedToolsOf(row.id), secrets: [] };
  let env: Record<string, string>;
  let auth: StoredAuth | null;
  try {
    env = readEnv(row);
    auth = readAuth(row);
  } catch {
    throw new UnprocessableError(
      'secret_unreadable',
      `The stored secrets of server '${row.name}' cannot be decrypted (APP_SECRET or DATA_DIR/secret.key changed since they were saved): set them again`,
    );
  }
  const authValues = auth ? Object.values(auth).filter((v) => v !== auth?.type) : [];
  const headers = { ...(row.headers ?? {}), ...authHeaders(auth) };
  return {
    name: row.name,
    transport: row.transport,
    url: row.url,
    command: row.command,
    args: row.args,
    env,
    headers,
    secrets: [...Object.values(env), ...authValues, ...Object.values(authHeaders(auth))],
  };
}
