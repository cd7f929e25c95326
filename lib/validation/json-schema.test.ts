import { describe, expect, it } from 'vitest';
import { validateAgainstSchema } from './json-schema';

const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 }, email: { type: 'string', format: 'email' } },
  required: ['city'],
  additionalProperties: false,
};

describe('validateAgainstSchema', () => {
  it('accepts valid arguments', () => {
    expect(validateAgainstSchema(schema, { city: 'Paris', days: 3 })).toEqual({ valid: true });
  });

  it('reports every problem with the parameter it concerns', () => {
    const res = validateAgainstSchema(schema, { days: 0, email: 'nope', extra: 1 });
    expect(res.valid).toBe(false);
    if (res.valid !== false) return;
    const byKeyword = Object.fromEntries(res.issues.map((i) => [i.keyword, i.path]));
    expect(byKeyword).toMatchObject({ required: 'city', minimum: 'days', format: 'email', additionalProperties: 'extra' });
  });

  it('uses the 2020-12 dialect when the schema declares it', () => {
    const s2020 = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'array', prefixItems: [{ type: 'number' }], items: false };
    expect(validateAgainstSchema(s2020, [1]).valid).toBe(true);
    expect(validateAgainstSchema(s2020, [1, 2]).valid).toBe(false);
  });

  it('returns a schema error instead of throwing for a broken schema', () => {
    const res = validateAgainstSchema({ type: 'object', properties: { a: { type: 'strnig' } } }, {});
    expect(res.valid).toBeNull();
  });
});
