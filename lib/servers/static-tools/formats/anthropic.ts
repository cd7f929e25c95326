import { descriptionOf, type ToolFormat } from './types';

/** An Anthropic tool definition: `{name, description, input_schema}`. */
export const anthropicFormat: ToolFormat = {
  id: 'anthropic',
  label: 'Anthropic tools',
  matches: (item) => 'input_schema' in item,
  convert: (item) => ({ name: item.name, description: descriptionOf(item.description), inputSchema: item.input_schema }),
};
