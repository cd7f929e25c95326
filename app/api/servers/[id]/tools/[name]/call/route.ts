import { json, parseBody, route } from '@/lib/http';
import { callServerTool, CallToolBodySchema } from '@/lib/playground/call-tool';

type Ctx = { params: Promise<{ id: string; name: string }> };

export const POST = route<Ctx>(async (req, { params }) => {
  const { id, name } = await params;
  return json(await callServerTool(id, name, await parseBody(req, CallToolBodySchema)));
});
