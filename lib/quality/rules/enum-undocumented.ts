import { propertiesOf } from '../schema';
import { findWord } from '../text';
import type { ToolRule } from '../types';

/** An enum is documented when its property description, or the tool description, names at least one of its values. */
export const enumUndocumented: ToolRule = {
  id: 'enum-undocumented',
  severity: 'info',
  category: 'schema',
  scope: 'tool',
  description: 'A parameter takes one of fixed values that no description explains.',
  check(tool) {
    const names = propertiesOf(tool.inputSchema)
      .filter(([, p]) => Array.isArray(p.enum) && p.enum.length > 1)
      .filter(([, p]) => {
        const text = `${typeof p.description === 'string' ? p.description : ''}\n${tool.description}`;
        return !(p.enum as unknown[]).some((v) => (typeof v === 'string' || typeof v === 'number') && findWord(text, String(v)));
      })
      .map(([name]) => `"${name}"`);
    if (!names.length) return [];
    return [
      {
        message: `The allowed values of ${names.join(', ')} are listed in the schema but never explained.`,
        fix: 'Say in the parameter\'s description what each value does, or at least when to pick which.',
      },
    ];
  },
};
