import 'server-only';
import { UnprocessableError } from '../errors';
import type { SourceError } from '../similarity/extract/draft';
import { extractTools } from '../similarity/input';
import { withIds } from './ids';
import type { LintRequest } from './schemas';
import type { LintTool } from './types';

export type LoadedLintTools = { tools: LintTool[]; errors: SourceError[]; warnings: string[] };

/**
 * The tools of a lint request, read by the similarity analysis's extraction (the same four
 * sources, static servers included). Unlike the analysis, empty descriptions, repeated names
 * and a single tool are findings, not refusals: repeated ids get #2, #3 so every tool has one.
 */
export async function loadLintTools(body: LintRequest, signal?: AbortSignal): Promise<LoadedLintTools> {
  const extraction = await extractTools(body, signal);
  if (!extraction.tools.length) {
    throw new UnprocessableError('no_tools', `No tools to lint${extraction.errors.length ? `: ${extraction.errors.map((e) => `${e.source} (${e.message})`).join('; ')}` : ''}`, {
      errors: extraction.errors,
    });
  }
  const tools = withIds(extraction.tools);
  return { tools, errors: extraction.errors, warnings: extraction.warnings };
}
