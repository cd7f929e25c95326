import { readApiKeys } from '@/lib/providers/api-keys';
import { createSingleRun } from '@/lib/eval/run/batch';
import { SingleRunInputSchema } from '@/lib/eval/api/schemas';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { PageQuerySchema } from '@/lib/pagination';
import { getCaseHistory } from '@/lib/test-cases/history';

type Ctx = { params: Promise<{ id: string }> };

/** The case's runs across batches and models, newest first and paged, plus each model's timeline; 404 for an unknown case. */
export const GET = route<Ctx>(async (req, { params }) => json(await getCaseHistory((await params).id, parseQuery(req, PageQuerySchema))));

/** Runs one test case against one model config in the background: 202 with the pending run. */
export const POST = route<Ctx>(async (req, { params }) => {
  const input = await parseBody(req, SingleRunInputSchema);
  return json(await createSingleRun((await params).id, input, readApiKeys(req.headers)), { status: 202 });
});
