import { wordCount } from '../text';
import type { ToolRule } from '../types';

export const MAX_WORDS = 300;

export const descriptionTooLong: ToolRule = {
  id: 'description-too-long',
  severity: 'warning',
  category: 'rubric',
  scope: 'tool',
  description: `The description has more than ${MAX_WORDS} words.`,
  check(tool) {
    const n = wordCount(tool.description);
    if (n <= MAX_WORDS) return [];
    return [
      {
        message: `At ${n} words the description costs context on every request and buries its first sentence.`,
        fix: 'Keep the purpose, when to use it and the limits; move reference material (full error lists, long examples) to parameter descriptions or documentation.',
      },
    ];
  },
};
