import { readApiKeys } from '@/lib/providers/api-keys';
import { createSingleRun } from '@/lib/eval/run/batch';
import { SingleRunInputSchema } from '@/lib/eval/api/schemas';
import { json, parseBody, route } from '@/lib/http';

type Ctx = { params: Promise<{ id: string }> };

/** Runs one test case against one model config in the background: 202 with the pending run. */
export const POST = route<Ctx>(async (req, { params }) => {
  const input = await parseBody(req, SingleRunInputSchema);
  return json(createSingleRun((await params).id, input, readApiKeys(req.headers)), { status: 202 });
});
