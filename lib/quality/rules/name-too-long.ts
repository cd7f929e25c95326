import type { ToolRule } from '../types';

export const MAX_CLIENT_NAME = 64;

export const nameTooLong: ToolRule = {
  id: 'name-too-long',
  severity: 'warning',
  category: 'client-limits',
  scope: 'tool',
  description: `The tool name is longer than ${MAX_CLIENT_NAME} characters.`,
  check(tool) {
    if (tool.name.length <= MAX_CLIENT_NAME) return [];
    return [
      {
        message: `The name has ${tool.name.length} characters; several clients and model APIs cut or refuse function names over ${MAX_CLIENT_NAME}, and prefix them with the server's name too.`,
        fix: 'Shorten the name; the description can carry the detail.',
      },
    ];
  },
};
