import type { ToolRule } from '../types';
import { nameVerb, READ_VERBS } from '../words';

export const annotationReadonlyConflict: ToolRule = {
  id: 'annotation-readonly-conflict',
  severity: 'warning',
  category: 'mcp-spec',
  scope: 'tool',
  description: 'The name says the tool reads (get, list, search, read, ...) but it declares readOnlyHint: false.',
  check(tool) {
    if (!READ_VERBS.has(nameVerb(tool.name)) || tool.annotations?.readOnlyHint !== false) return [];
    return [
      {
        message: `"${tool.name}" reads as a lookup, yet it declares readOnlyHint: false, so clients will ask for confirmation before every call.`,
        fix: 'Set readOnlyHint: true if the tool changes nothing; if it does change something, say what in the description and consider a name that says so.',
      },
    ];
  },
};
