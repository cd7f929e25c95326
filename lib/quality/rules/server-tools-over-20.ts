import type { ServerRule } from '../types';

export const serverToolsOver20: ServerRule = {
  id: 'server-tools-over-20',
  severity: 'warning',
  category: 'client-limits',
  scope: 'server',
  description: 'The server offers more than 20 tools (128 or fewer).',
  check(ctx) {
    const n = ctx.tools.length;
    if (n <= 20 || n > 128) return [];
    return [
      {
        message: `The server offers ${n} tools; past about 20, models pick the wrong one more often and some clients warn.`,
        fix: 'Merge tools that differ only by an option, or split the server by task so users enable what they need.',
      },
    ];
  },
};
