import { DefaultCasesInputSchema, resolveDefaultCases } from '@/lib/experiments/default-cases';
import { json, parseBody, route } from '@/lib/http';

/** The new-experiment form's preselection, every matching case (no page limit): {servers?, focusTools?} -> {rule, ids, total}. */
export const POST = route(async (req) => json(await resolveDefaultCases(await parseBody(req, DefaultCasesInputSchema))));
