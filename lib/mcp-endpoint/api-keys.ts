import 'server-only';
import { z } from 'zod';
import { getApiKey, insertApiKey, listApiKeys, revokeApiKey, type ApiKeyRow } from '@/db/queries/api-keys';
import { NotFoundError } from '../errors';
import { displayPrefix, generateApiKey, hashApiKey } from './key-format';

export const ApiKeyInputSchema = z.object({ name: z.string().trim().min(1, 'name is required').max(100) }).strict();
export type ApiKeyInput = z.infer<typeof ApiKeyInputSchema>;

export type ApiKeyDto = Pick<ApiKeyRow, 'id' | 'name' | 'prefix' | 'createdAt' | 'lastUsedAt' | 'revokedAt'>;
/** The only answer that carries the plaintext key: it is never stored or shown again. */
export type CreatedApiKeyDto = ApiKeyDto & { key: string };

export function toApiKeyDto(row: ApiKeyRow): ApiKeyDto {
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, revokedAt: row.revokedAt };
}

export function createApiKey(input: ApiKeyInput): CreatedApiKeyDto {
  const key = generateApiKey();
  const row = insertApiKey({ name: input.name, keyHash: hashApiKey(key), prefix: displayPrefix(key) });
  return { ...toApiKeyDto(row), key };
}

export function listApiKeyDtos(): ApiKeyDto[] {
  return listApiKeys().map(toApiKeyDto);
}

export function getApiKeyDto(id: string): ApiKeyDto {
  const row = getApiKey(id);
  if (!row) throw new NotFoundError('API key', id);
  return toApiKeyDto(row);
}

export function revokeApiKeyById(id: string): ApiKeyDto {
  const row = revokeApiKey(id);
  if (!row) throw new NotFoundError('API key', id);
  return toApiKeyDto(row);
}
