import type { DraftTool } from '../similarity/extract/draft';
import { toolId } from '../similarity/extract/finalize';
import type { LintTool } from './types';

/** Gives extracted tools their "server/name" ids; a repeated id gets #2, #3 (the lint reports the repeat). */
export function withIds(drafts: DraftTool[]): LintTool[] {
  const seen = new Map<string, number>();
  return drafts.map(({ source: _source, ...tool }) => {
    const base = toolId(tool.server, tool.name);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { ...tool, id: n === 1 ? base : `${base}#${n}` };
  });
}
