import 'server-only';
import { z } from 'zod';
import { findActiveApiKeyByName, getApiKey, insertApiKey, listApiKeys, revokeApiKey, type ApiKeyKind, type ApiKeyRow } from '@/db/queries/api-keys';
import { ConflictError, NotFoundError } from '../errors';
import { apiTokenDisplayPrefix, generateApiToken } from '../security/auth/api-token-format';
import { displayPrefix, generateApiKey, hashApiKey } from './key-format';

const KIND = z.enum(['mcp', 'api']);

/** `mcp` (default): an X-API-Key for /mcp; `api`: a bearer token for the REST API when authentication is on. */
export const ApiKeyInputSchema = z
  .object({ name: z.string().trim().min(1, 'name is required').max(100), kind: KIND.default('mcp') })
  .strict();
export type ApiKeyInput = z.infer<typeof ApiKeyInputSchema>;
export const ApiKeyListQuerySchema = z.object({ kind: KIND.optional() }).strict();

export type ApiKeyDto = Pick<ApiKeyRow, 'id' | 'kind' | 'name' | 'prefix' | 'createdAt' | 'lastUsedAt' | 'revokedAt'>;
/** The only answer that carries the plaintext key: it is never stored or shown again. */
export type CreatedApiKeyDto = ApiKeyDto & { key: string };

export function toApiKeyDto(row: ApiKeyRow): ApiKeyDto {
  return { id: row.id, kind: row.kind, name: row.name, prefix: row.prefix, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, revokedAt: row.revokedAt };
}

export async function createApiKey(input: z.input<typeof ApiKeyInputSchema>): Promise<CreatedApiKeyDto> {
  const kind = input.kind ?? 'mcp';
  // Names are how a key is told apart in the list and revoked; a revoked key's name may be reused.
  const taken = await findActiveApiKeyByName(input.name, kind);
  if (taken) {
    throw new ConflictError(`A key named "${taken.name}" is already in use: choose another name or revoke that key first`, { field: 'name', value: input.name }, 'name_conflict');
  }
  const key = kind === 'api' ? generateApiToken() : generateApiKey();
  const prefix = kind === 'api' ? apiTokenDisplayPrefix(key) : displayPrefix(key);
  const row = await insertApiKey({ name: input.name, kind, keyHash: hashApiKey(key), prefix });
  return { ...toApiKeyDto(row), key };
}

export async function listApiKeyDtos(kind?: ApiKeyKind): Promise<ApiKeyDto[]> {
  return (await listApiKeys(kind)).map(toApiKeyDto);
}

export async function getApiKeyDto(id: string): Promise<ApiKeyDto> {
  const row = await getApiKey(id);
  if (!row) throw new NotFoundError('API key', id);
  return toApiKeyDto(row);
}

export async function revokeApiKeyById(id: string): Promise<ApiKeyDto> {
  const row = await revokeApiKey(id);
  if (!row) throw new NotFoundError('API key', id);
  return toApiKeyDto(row);
}
