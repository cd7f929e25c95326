import 'server-only';
import { loadLintTools } from './input';
import { lintTools, type LintReport } from './lint';
import type { LintRequest } from './schemas';
import type { SourceError } from '../similarity/extract/draft';

export type LintResult = LintReport & { errors: SourceError[]; warnings: string[] };

/** POST /api/quality/lint: read the tools of the request, lint them; sources that failed are listed, the rest linted. */
export async function lintRequest(body: LintRequest, ctx: { signal?: AbortSignal } = {}): Promise<LintResult> {
  const { tools, errors, warnings } = await loadLintTools(body, ctx.signal);
  return { ...lintTools(tools), errors, warnings };
}
