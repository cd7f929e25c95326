import { findAny } from '../text';
import type { ToolRule } from '../types';
import { EXAMPLES } from '../words';

/** Only tools that take parameters: an example value is what helps a model fill them in. */
export const examplesMissing: ToolRule = {
  id: 'examples-missing',
  severity: 'info',
  category: 'rubric',
  scope: 'tool',
  description: 'A tool that takes parameters gives no example call or value, in its description or its parameters.',
  check(tool) {
    if (!tool.parameters.length || !tool.description.trim()) return [];
    if (findAny(tool.description, EXAMPLES) || tool.parameters.some((p) => findAny(p.description, EXAMPLES))) return [];
    const schemaExamples = Object.values((tool.inputSchema?.properties ?? {}) as Record<string, unknown>).some(
      (p) => typeof p === 'object' && p !== null && ('examples' in p || 'example' in p),
    );
    if (schemaExamples) return [];
    return [
      {
        message: 'There is no example of a call or of a parameter value.',
        fix: 'Add one typical value, e.g. for a date "2024-05-01" or for a query "open invoices from March".',
      },
    ];
  },
};
