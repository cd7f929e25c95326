import { json, parseBody, parseWith, route } from '@/lib/http';
import { listTestCasePage, TestCaseListQuerySchema } from '@/lib/test-cases/list';
import { TestCaseInputSchema, testCaseQueryParams } from '@/lib/test-cases/schemas';
import { createTestCase } from '@/lib/test-cases/service';

export const GET = route(async (req) => json(await listTestCasePage(parseWith(TestCaseListQuerySchema, testCaseQueryParams(new URL(req.url)), 'Query string'))));

export const POST = route(async (req) => json(await createTestCase(await parseBody(req, TestCaseInputSchema)), { status: 201 }));
