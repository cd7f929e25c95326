import type { ToolRule } from '../types';

export const nameDuplicate: ToolRule = {
  id: 'name-duplicate',
  severity: 'error',
  category: 'mcp-spec',
  scope: 'tool',
  description: 'Two tools of one server share a name.',
  check(tool, ctx) {
    const same = ctx.tools.filter((t) => t.name === tool.name).length;
    if (same < 2) return [];
    return [
      {
        message: `${same} tools of this server are named "${tool.name}"; a client can call only one of them.`,
        fix: 'Give each tool a unique name, or merge them if they do the same thing.',
      },
    ];
  },
};
