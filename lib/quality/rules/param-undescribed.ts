import type { ToolRule } from '../types';
import { mentionedInText } from './params-unexplained';

/**
 * Parameters the tool description mentions but whose schema says nothing: the model reads
 * them far from their explanation. (Parameters explained nowhere are params-unexplained.)
 */
export const paramUndescribed: ToolRule = {
  id: 'param-undescribed',
  severity: 'info',
  category: 'schema',
  scope: 'tool',
  description: 'A parameter has no description in the schema (the tool description mentions it).',
  check(tool) {
    const names = tool.parameters.filter((p) => !p.description.trim() && mentionedInText(tool, p.name)).map((p) => `"${p.name}"`);
    if (!names.length) return [];
    return [
      {
        message: `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} explained only in the tool description, not in the input schema.`,
        fix: 'Move each parameter\'s explanation into its own description in the input schema.',
      },
    ];
  },
};
