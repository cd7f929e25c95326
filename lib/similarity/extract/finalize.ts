import { UnprocessableError, ValidationError } from '../../errors';
import type { SimilarityTool } from '../types';
import type { DraftTool, SourceError } from './draft';

export const MIN_TOOLS = 2;

export function toolId(server: string, name: string): string {
  return server ? `${server}/${name}` : name;
}

/** Ids seen more than once, with their counts, in first-seen order. */
function findDuplicates(ids: string[]): { id: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([id, count]) => ({ id, count }));
}

function numberRepeats(ids: string[]): string[] {
  const taken = new Set(ids);
  const seen = new Map<string, number>();
  return ids.map((id) => {
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    if (n === 1) return id;
    let suffix = n;
    while (taken.has(`${id}#${suffix}`)) suffix++;
    const renamed = `${id}#${suffix}`;
    taken.add(renamed);
    return renamed;
  });
}

/**
 * The input rules, in the order a caller fixes them: descriptions written in the request
 * must not be empty (400, naming every such tool); ids must be unique (400 listing the
 * duplicates, unless `duplicateIds: 'number'`); at least two tools must remain (422).
 */
export function finalizeTools(drafts: DraftTool[], duplicateIds: 'reject' | 'number', sourceErrors: SourceError[] = []): SimilarityTool[] {
  const empty = drafts.filter((t) => t.source === 'request' && !t.description).map((t) => toolId(t.server, t.name));
  if (empty.length) {
    const shown = empty.slice(0, 20).join(', ');
    throw new ValidationError(
      `Every tool needs a description to be compared; empty for ${empty.length} tool(s): ${shown}${empty.length > 20 ? ', ...' : ''}`,
      { emptyDescriptions: empty },
      'empty_description',
    );
  }
  let ids = drafts.map((t) => toolId(t.server, t.name));
  const duplicates = findDuplicates(ids);
  if (duplicates.length) {
    if (duplicateIds === 'reject') {
      throw new ValidationError(
        `Tool ids (server/tool) must be unique; repeated: ${duplicates.map((d) => `${d.id} (x${d.count})`).join(', ')}. Rename them, or send duplicateIds: "number" to keep them as id#2, id#3`,
        { duplicates },
        'duplicate_tool_ids',
      );
    }
    ids = numberRepeats(ids);
  }
  if (drafts.length < MIN_TOOLS) {
    const failed = sourceErrors.length ? ` (${sourceErrors.length} source(s) could not be listed: ${sourceErrors.map((e) => e.source).join(', ')})` : '';
    throw new UnprocessableError('too_few_tools', `Similarity needs at least ${MIN_TOOLS} tools; the input yielded ${drafts.length}${failed}`, {
      toolCount: drafts.length,
      ...(sourceErrors.length ? { errors: sourceErrors } : {}),
    });
  }
  return drafts.map(({ source: _source, ...tool }, i) => ({ ...tool, id: ids[i] ?? toolId(tool.server, tool.name) }));
}
