import type { ToolRule } from '../types';

export const MAX_PARAMS = 10;

export const tooManyParams: ToolRule = {
  id: 'too-many-params',
  severity: 'warning',
  category: 'schema',
  scope: 'tool',
  description: `The tool takes more than ${MAX_PARAMS} parameters.`,
  check(tool) {
    if (tool.parameters.length <= MAX_PARAMS) return [];
    return [
      {
        message: `The tool takes ${tool.parameters.length} parameters; the more there are, the more a model leaves out or mixes up.`,
        fix: 'Group related options, drop rarely used ones, or split the tool by use case.',
      },
    ];
  },
};
