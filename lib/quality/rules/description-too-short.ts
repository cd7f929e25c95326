import { wordCount } from '../text';
import type { ToolRule } from '../types';

export const MIN_WORDS = 8;

export const descriptionTooShort: ToolRule = {
  id: 'description-too-short',
  severity: 'warning',
  category: 'rubric',
  scope: 'tool',
  description: `The description has fewer than ${MIN_WORDS} words.`,
  check(tool) {
    const n = wordCount(tool.description);
    if (n === 0 || n >= MIN_WORDS || tool.describedBy) return [];
    return [
      {
        message: `At ${n} word${n === 1 ? '' : 's'} the description cannot say much more than the name does.`,
        fix: 'Say what the tool returns or changes, when to use it and what its inputs mean.',
        span: { start: 0, end: tool.description.length, text: tool.description },
      },
    ];
  },
};
