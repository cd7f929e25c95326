import type { ServerRule } from '../types';

export const serverToolsOver128: ServerRule = {
  id: 'server-tools-over-128',
  severity: 'error',
  category: 'client-limits',
  scope: 'server',
  description: 'The server offers more than 128 tools, more than some clients accept in one request.',
  check(ctx) {
    const n = ctx.tools.length;
    if (n <= 128) return [];
    return [
      {
        message: `The server offers ${n} tools; some clients (the OpenAI API among them) refuse more than 128 in one request.`,
        fix: 'Split the server, or expose a smaller default toolset and load the rest on demand.',
      },
    ];
  },
};
