import { propertiesOf } from '../schema';
import type { ToolRule } from '../types';

/** Only JSON Schema input: the shared data file's informal parameters cannot say it. */
export const requiredUndeclared: ToolRule = {
  id: 'required-undeclared',
  severity: 'info',
  category: 'schema',
  scope: 'tool',
  description: 'The input schema has properties but no "required" list.',
  check(tool) {
    if (!tool.inputSchema || !propertiesOf(tool.inputSchema).length || Array.isArray(tool.inputSchema.required)) return [];
    return [
      {
        message: 'The schema does not say which parameters are required, so every one of them reads as optional.',
        fix: 'Add "required": [...] listing the parameters a call cannot do without (an empty list if none).',
      },
    ];
  },
};
