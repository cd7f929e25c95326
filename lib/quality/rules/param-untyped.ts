import type { ToolRule } from '../types';

export const paramUntyped: ToolRule = {
  id: 'param-untyped',
  severity: 'warning',
  category: 'schema',
  scope: 'tool',
  description: 'A parameter has no type.',
  check(tool) {
    const untyped = tool.parameters.filter((p) => !p.type).map((p) => `"${p.name}"`);
    if (!untyped.length) return [];
    return [
      {
        message: `${untyped.length === 1 ? 'The parameter' : 'The parameters'} ${untyped.join(', ')} ${untyped.length === 1 ? 'has' : 'have'} no type, so a model may send a number as text or a list as one string.`,
        fix: 'Give every parameter a JSON Schema type (string, integer, number, boolean, array or object).',
      },
    ];
  },
};
