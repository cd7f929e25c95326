import { getBatchMatrix, MatrixQuerySchema } from '@/lib/metrics/matrix/batch-matrix';
import { json, parseQuery, route } from '@/lib/http';

type Ctx = { params: Promise<{ id: string }> };

/** The batch's test case x model matrix, one page of rows (test cases) at a time. */
export const GET = route<Ctx>(async (req, { params }) => json(await getBatchMatrix((await params).id, parseQuery(req, MatrixQuerySchema))));
