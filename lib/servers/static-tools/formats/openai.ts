import { descriptionOf, isRecord, type ToolFormat } from './types';

/**
 * An OpenAI function definition: `{type: "function", function: {name, description, parameters}}`
 * (Chat Completions tools) or the bare `{name, description, parameters}` (functions, Responses
 * API). A function without parameters takes none.
 */
export const openaiFormat: ToolFormat = {
  id: 'openai',
  label: 'OpenAI functions',
  matches: (item) => (item.type === 'function' && isRecord(item.function)) || ('parameters' in item && !Array.isArray(item.parameters)),
  convert: (item) => {
    const fn = item.type === 'function' && isRecord(item.function) ? item.function : item;
    return {
      name: fn.name,
      description: descriptionOf(fn.description),
      inputSchema: fn.parameters === undefined ? { type: 'object', properties: {} } : fn.parameters,
    };
  },
};
