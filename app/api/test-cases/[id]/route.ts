import { json, parseBody, route } from '@/lib/http';
import { toTestCaseDto } from '@/lib/test-cases/dto';
import { TestCasePatchSchema } from '@/lib/test-cases/schemas';
import { deleteTestCase, requireTestCase, updateTestCase } from '@/lib/test-cases/service';

type Ctx = { params: Promise<{ id: string }> };

export const GET = route<Ctx>(async (_req, { params }) => json(toTestCaseDto(await requireTestCase((await params).id))));

const update = route<Ctx>(async (req, { params }) => {
  const { id } = await params;
  return json(await updateTestCase(id, await parseBody(req, TestCasePatchSchema)));
});
export const PATCH = update;
export const PUT = update;

export const DELETE = route<Ctx>(async (_req, { params }) => {
  await deleteTestCase((await params).id);
  return json({ deleted: true });
});
