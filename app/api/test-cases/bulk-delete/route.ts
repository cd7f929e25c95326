import { json, parseBody, route } from '@/lib/http';
import { bulkDeleteTestCases, TestCaseSelectionSchema } from '@/lib/test-cases/selection';

/** `{ids}` or `{filter}`: one transaction, all or nothing; 400 when empty or over 10,000 cases. */
export const POST = route(async (req) => json(await bulkDeleteTestCases(await parseBody(req, TestCaseSelectionSchema))));
