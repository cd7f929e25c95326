import { findAny } from '../text';
import type { ToolRule } from '../types';
import { LIMITATIONS } from '../words';

export const limitationsMissing: ToolRule = {
  id: 'limitations-missing',
  severity: 'info',
  category: 'rubric',
  scope: 'tool',
  description: 'The description states no limit, error case, requirement or side effect.',
  check(tool) {
    if (!tool.description.trim() || tool.describedBy || findAny(tool.description, LIMITATIONS)) return [];
    return [
      {
        message: 'The description does not say what the tool cannot do, what it needs, or what happens when it fails.',
        fix: 'State the limits a caller runs into (result caps, required permissions, what it changes or deletes, common errors).',
      },
    ];
  },
};
