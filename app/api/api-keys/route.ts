import { json, parseBody, parseQuery, route } from '@/lib/http';
import { ApiKeyInputSchema, ApiKeyListQuerySchema, createApiKey, listApiKeyDtos } from '@/lib/mcp-endpoint/api-keys';

/** `?kind=mcp|api` lists one kind (/mcp keys or REST API tokens); without it, both. */
export const GET = route(async (req) => {
  const items = await listApiKeyDtos(parseQuery(req, ApiKeyListQuerySchema).kind);
  return json({ items, total: items.length });
});

/** The plaintext key is in this answer only; the database keeps its sha256. */
export const POST = route(async (req) => json(await createApiKey(await parseBody(req, ApiKeyInputSchema)), { status: 201, headers: { 'cache-control': 'no-store' } }));
