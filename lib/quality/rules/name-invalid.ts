import type { ToolRule } from '../types';

/** MCP specification (2025-06-18 and later): tool names are 1-128 of A-Z a-z 0-9 _ - . */
export const TOOL_NAME = /^[A-Za-z0-9._-]{1,128}$/;

export const nameInvalid: ToolRule = {
  id: 'name-invalid',
  severity: 'error',
  category: 'mcp-spec',
  scope: 'tool',
  description: 'The tool name breaks the MCP rule ^[A-Za-z0-9._-]{1,128}$.',
  check(tool) {
    if (TOOL_NAME.test(tool.name)) return [];
    const bad = [...new Set(tool.name.replace(/[A-Za-z0-9._-]/g, ''))].map((c) => (c === ' ' ? 'a space' : `"${c}"`));
    return [
      {
        message:
          tool.name.length > 128
            ? `The name is ${tool.name.length} characters long; MCP allows at most 128.`
            : `The name contains ${bad.join(', ')}, which MCP tool names may not; some clients refuse or rename such tools.`,
        fix: 'Use only letters, digits, "_", "-" and ".", e.g. snake_case.',
      },
    ];
  },
};
