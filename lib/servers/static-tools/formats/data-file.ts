import { fromInformal, toInputSchema } from '../../../similarity/extract/parameters';
import { descriptionOf, isRecord, type ToolFormat } from './types';

/**
 * A tool of the shared data file (../shared/data/README.md): `{name, description, parameter:
 * {p: "(type) text"}}`, informal types turned into a JSON Schema the way the similarity
 * analysis reads them. A bare `{name, description}` is this format with no parameters.
 */
export const dataFileFormat: ToolFormat = {
  id: 'data-file',
  label: 'Data file (name, description, parameter)',
  matches: (item) => 'parameter' in item || ('name' in item && !('inputSchema' in item) && !('input_schema' in item) && !('parameters' in item)),
  convert: (item) => {
    const params = isRecord(item.parameter) ? item.parameter : {};
    const informal = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
    return { name: item.name, description: descriptionOf(item.description), inputSchema: toInputSchema(fromInformal(informal)) };
  },
};
