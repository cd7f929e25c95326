import { findAny } from '../text';
import type { ToolRule } from '../types';
import { USAGE_GUIDANCE } from '../words';

export const usageGuidanceMissing: ToolRule = {
  id: 'usage-guidance-missing',
  severity: 'info',
  category: 'rubric',
  scope: 'tool',
  description: 'The description never says when to use the tool, or when to use another one instead.',
  check(tool) {
    if (!tool.description.trim() || tool.describedBy || findAny(tool.description, USAGE_GUIDANCE)) return [];
    return [
      {
        message: 'Nothing here tells a model when to pick this tool over its neighbours.',
        fix: 'Add a sentence such as "Use this when ..." and, if a close neighbour exists, "For ..., use <other tool> instead."',
      },
    ];
  },
};
