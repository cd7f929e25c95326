import 'server-only';
import type { SourceError } from '../similarity/extract/draft';
import { loadLintTools } from './input';
import { lintTools, type LintReport, type ToolReport } from './lint';
import { prepareReview, reviewTools, type ToolLlmReview } from './llm-review';
import type { LintRequest } from './schemas';

export type LintResult = Omit<LintReport, 'tools'> & {
  tools: (ToolReport & { llm?: ToolLlmReview })[];
  /** "provider/model" when the body asked for an LLM review. */
  reviewedBy?: string;
  errors: SourceError[];
  warnings: string[];
};

/**
 * POST /api/quality/lint: read the tools of the request and lint them (sources that failed are
 * listed, the rest linted); with `llm`, each tool also gets the model's rubric score and a
 * suggested description, its key checked before any server is contacted.
 */
export async function lintRequest(body: LintRequest, ctx: { headers?: Headers; signal?: AbortSignal } = {}): Promise<LintResult> {
  const review = body.llm ? prepareReview(body.llm, ctx.headers ?? new Headers()) : null;
  const { tools, errors, warnings } = await loadLintTools(body, ctx.signal);
  const report = lintTools(tools);
  if (!review) return { ...report, errors, warnings };
  const reviews = await reviewTools(review, tools, report.tools, ctx.signal);
  return {
    ...report,
    tools: report.tools.map((t) => {
      const llm = reviews.get(t.id);
      return llm ? { ...t, llm } : t;
    }),
    reviewedBy: `${review.model.provider}/${review.model.model}`,
    errors,
    warnings,
  };
}
