import { json, parseBody, route } from '@/lib/http';
import { ApiKeyInputSchema, createApiKey, listApiKeyDtos } from '@/lib/mcp-endpoint/api-keys';

export const GET = route(async () => {
  const items = listApiKeyDtos();
  return json({ items, total: items.length });
});

/** The plaintext key is in this answer only; the database keeps its sha256. */
export const POST = route(async (req) => json(createApiKey(await parseBody(req, ApiKeyInputSchema)), { status: 201, headers: { 'cache-control': 'no-store' } }));
