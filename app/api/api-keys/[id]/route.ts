import { json, route } from '@/lib/http';
import { getApiKeyDto, revokeApiKeyById } from '@/lib/mcp-endpoint/api-keys';

type Ctx = { params: Promise<{ id: string }> };

export const GET = route<Ctx>(async (_req, { params }) => json(await getApiKeyDto((await params).id)));

/** Revokes (the row stays, with revoked_at, so the list shows what happened); /mcp refuses it from the next request. */
export const DELETE = route<Ctx>(async (_req, { params }) => json(await revokeApiKeyById((await params).id)));
