import { deleteTestRun, getTestRunDetail } from '@/lib/eval/run/runs';
import { json, route } from '@/lib/http';

type Ctx = { params: Promise<{ id: string }> };

export const GET = route<Ctx>(async (_req, { params }) => json(await getTestRunDetail((await params).id)));

export const DELETE = route<Ctx>(async (_req, { params }) => {
  await deleteTestRun((await params).id);
  return json({ deleted: true });
});
