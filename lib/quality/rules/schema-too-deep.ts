import { nestingDepth } from '../schema';
import type { ToolRule } from '../types';

export const MAX_DEPTH = 3;

export const schemaTooDeep: ToolRule = {
  id: 'schema-too-deep',
  severity: 'warning',
  category: 'schema',
  scope: 'tool',
  description: `The input schema nests objects more than ${MAX_DEPTH} levels deep.`,
  check(tool) {
    const depth = nestingDepth(tool.inputSchema);
    if (depth <= MAX_DEPTH) return [];
    return [
      {
        message: `Arguments nest ${depth} levels deep; models fill deep structures less reliably than flat ones.`,
        fix: 'Flatten the arguments (top-level parameters, ids instead of embedded objects) or split the tool.',
      },
    ];
  },
};
