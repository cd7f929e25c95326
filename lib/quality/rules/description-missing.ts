import type { ToolRule } from '../types';

export const descriptionMissing: ToolRule = {
  id: 'description-missing',
  severity: 'error',
  category: 'rubric',
  scope: 'tool',
  description: 'The tool has no description.',
  check(tool) {
    if (tool.description.trim() && !tool.describedBy) return [];
    return [
      {
        message: tool.describedBy
          ? `The tool has no description; a model sees only its ${tool.describedBy}.`
          : 'The tool has no description; a model sees only its name.',
        fix: 'Write a description: what the tool does and to what, when to use it, and what it needs.',
      },
    ];
  },
};
