import { z } from 'zod';
import { listToolExecutions } from '@/db/queries/tool-executions';
import { json, parseQuery, route } from '@/lib/http';
import { listBody, PageQuerySchema } from '@/lib/pagination';
import { toExecutionDto } from '@/lib/playground/call-tool';
import { requireServer } from '@/lib/servers/service';

type Ctx = { params: Promise<{ id: string }> };
const Query = PageQuerySchema.extend({ toolName: z.string().min(1).max(200).optional() });

export const GET = route<Ctx>(async (req, { params }) => {
  const { id } = await params;
  await requireServer(id);
  const q = parseQuery(req, Query);
  const { rows, total } = await listToolExecutions(id, q);
  return json(listBody(rows.map(toExecutionDto), total, q));
});
