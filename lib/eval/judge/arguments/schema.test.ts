import { describe, expect, it } from 'vitest';
import { isDeclaredParameter, readParameterSchema, readRequired } from './schema';

describe('isDeclaredParameter', () => {
  it('declares the keys of properties and those matching patternProperties', () => {
    const schema = { properties: { a: { type: 'string' } }, patternProperties: { '^x-': {} } };
    expect(isDeclaredParameter(schema, 'a')).toBe(true);
    expect(isDeclaredParameter(schema, 'x-trace')).toBe(true);
    expect(isDeclaredParameter(schema, 'b')).toBe(false);
  });

  it('accepts any key when the schema has no properties, unless additionalProperties is false', () => {
    expect(isDeclaredParameter({ type: 'object' }, 'anything')).toBe(true);
    expect(isDeclaredParameter({ type: 'object', additionalProperties: false }, 'anything')).toBe(false);
  });

  it('does not inherit Object.prototype keys', () => {
    expect(isDeclaredParameter({ properties: {} }, 'toString')).toBe(false);
  });
});

describe('readRequired / readParameterSchema', () => {
  it('tolerate malformed schemas', () => {
    expect(readRequired({ required: ['a', 3, 'b'] })).toEqual(['a', 'b']);
    expect(readRequired({ required: 'a' })).toEqual([]);
    expect(readParameterSchema({ properties: { a: { type: 'string' } } }, 'a')).toEqual({ type: 'string' });
    expect(readParameterSchema({ properties: { a: true } }, 'a')).toBeNull();
    expect(readParameterSchema({}, 'a')).toBeNull();
  });
});
