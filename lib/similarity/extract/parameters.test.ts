import { describe, expect, it } from 'vitest';
import { fromInformal, fromJsonSchema, toInputSchema } from './parameters';

describe('parameter extraction', () => {
  it('reads the shared data file\'s informal "(type) description" values', () => {
    expect(
      fromInformal({
        url: '(string) The URL of the page.',
        limit: '(int) How many',
        isLoan: '(Optional, boolean) Whether it is a loan',
        key: '(required) The key',
        plain: 'No type given',
        odd: '(PublicKey) A Solana key',
      }),
    ).toEqual([
      { name: 'url', type: 'string', description: 'The URL of the page.', required: false },
      { name: 'limit', type: 'integer', description: 'How many', required: false },
      { name: 'isLoan', type: 'boolean', description: 'Whether it is a loan', required: false },
      { name: 'key', type: null, description: 'The key', required: true },
      { name: 'plain', type: null, description: 'No type given', required: false },
      { name: 'odd', type: 'PublicKey', description: 'A Solana key', required: false },
    ]);
  });

  it('reads JSON Schema properties, including optional anyOf types', () => {
    expect(
      fromJsonSchema({
        type: 'object',
        properties: {
          query: { type: 'string', description: ' What to find ' },
          topK: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
          mode: { enum: ['a', 'b'] },
          flag: true,
        },
        required: ['query'],
      }),
    ).toEqual([
      { name: 'query', type: 'string', description: 'What to find', required: true },
      { name: 'topK', type: 'integer', description: '', required: false },
      { name: 'mode', type: 'enum', description: '', required: false },
      { name: 'flag', type: null, description: '', required: false },
    ]);
  });

  it('builds the JSON Schema a tool without one gets', () => {
    expect(toInputSchema(fromInformal({ url: '(string) The URL', key: '(required) The key' }))).toEqual({
      type: 'object',
      properties: { url: { type: 'string', description: 'The URL' }, key: { description: 'The key' } },
      required: ['key'],
    });
  });
});
