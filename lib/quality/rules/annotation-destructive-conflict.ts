import type { ToolRule } from '../types';
import { DESTRUCTIVE_VERBS, nameVerb } from '../words';

export const annotationDestructiveConflict: ToolRule = {
  id: 'annotation-destructive-conflict',
  severity: 'error',
  category: 'mcp-spec',
  scope: 'tool',
  description: 'The name says the tool deletes (delete, remove, drop, ...) but its hints say read-only or non-destructive.',
  check(tool) {
    if (!DESTRUCTIVE_VERBS.has(nameVerb(tool.name))) return [];
    const a = tool.annotations ?? {};
    const claims = [a.readOnlyHint === true ? 'readOnlyHint: true' : '', a.destructiveHint === false ? 'destructiveHint: false' : ''].filter(Boolean);
    if (!claims.length) return [];
    return [
      {
        message: `"${tool.name}" reads as a deletion, yet it declares ${claims.join(' and ')}; a client may run it without asking.`,
        fix: 'Set readOnlyHint: false and destructiveHint: true, or rename the tool if it does not delete anything.',
      },
    ];
  },
};
