import { propertiesOf } from '../schema';
import { findWord } from '../text';
import type { ToolRule } from '../types';

/** A default is documented when a description says "default" or names the value. */
export const defaultUndocumented: ToolRule = {
  id: 'default-undocumented',
  severity: 'info',
  category: 'schema',
  scope: 'tool',
  description: 'A parameter has a default value that no description mentions.',
  check(tool) {
    const names = propertiesOf(tool.inputSchema)
      .filter(([, p]) => 'default' in p)
      .filter(([, p]) => {
        const text = `${typeof p.description === 'string' ? p.description : ''}\n${tool.description}`;
        const value = p.default;
        const named = (typeof value === 'string' && value !== '') || typeof value === 'number' || typeof value === 'boolean' ? findWord(text, String(value)) : null;
        return !/\bdefault/i.test(text) && !named;
      })
      .map(([name]) => `"${name}"`);
    if (!names.length) return [];
    return [
      {
        message: `What happens when ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} left out is set in the schema but not said in words.`,
        fix: 'Mention the default in the parameter\'s description, e.g. "Defaults to 20."',
      },
    ];
  },
};
