import { boilerplateIn } from '../boilerplate';
import { quote } from '../text';
import type { ToolRule } from '../types';

export const boilerplateShare: ToolRule = {
  id: 'boilerplate-share',
  severity: 'warning',
  category: 'boilerplate',
  scope: 'tool',
  description: 'Part of the description is text the server repeats in at least half of its tools.',
  check(tool, ctx) {
    const { spans, share } = boilerplateIn(tool.description, ctx.boilerplateGrams);
    const longest = [...spans].sort((a, b) => b.end - b.start - (a.end - a.start))[0];
    if (!longest) return [];
    const pct = Math.round(share * 100);
    return [
      {
        message: `${pct}% of this description is text the server repeats across its tools, such as "${quote(longest.text, 100)}"; it tells the tools apart from nothing.`,
        fix: 'Cut the repeated text from each tool; if it matters, say it once in the server\'s instructions and keep here only what is specific to this tool.',
        span: longest,
      },
    ];
  },
};
