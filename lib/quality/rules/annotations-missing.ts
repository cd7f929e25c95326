import type { ToolRule } from '../types';

export const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

export const annotationsMissing: ToolRule = {
  id: 'annotations-missing',
  severity: 'info',
  category: 'mcp-spec',
  scope: 'tool',
  description: 'The tool does not declare all four behaviour hints (readOnlyHint, destructiveHint, idempotentHint, openWorldHint).',
  check(tool) {
    const missing = HINTS.filter((h) => typeof tool.annotations?.[h] !== 'boolean');
    if (!missing.length) return [];
    return [
      {
        message:
          missing.length === HINTS.length
            ? 'The tool declares no behaviour hints, so clients assume the worst: not read-only, destructive, not idempotent, open world.'
            : `The tool does not declare ${missing.join(', ')}; clients assume the unsafe default for ${missing.length === 1 ? 'it' : 'them'}.`,
        fix: `Set annotations {${missing.map((h) => `${h}: ...`).join(', ')}} to what the tool really does.`,
      },
    ];
  },
};
