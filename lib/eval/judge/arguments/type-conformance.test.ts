import { describe, expect, it } from 'vitest';
import { checkTypes } from './type-conformance';

const schema = {
  type: 'object',
  properties: {
    count: { type: 'integer' },
    email: { type: 'string', format: 'email' },
    level: { enum: ['low', 'high'] },
    filter: { type: 'object', properties: { field: { type: 'string' } }, required: ['field'] },
    'a.b': { type: 'number' },
  },
  required: ['count'],
  additionalProperties: false,
};

describe('checkTypes', () => {
  it('is 1 with no errors when the arguments are valid', () => {
    expect(checkTypes(schema, { count: 2 })).toEqual({ conformance: 1, typeErrors: [], paramsWithErrors: [] });
  });

  it('scores the share of given parameters without errors', () => {
    const res = checkTypes(schema, { count: '2', email: 'nope', level: 'mid', filter: { field: 'x' } });
    expect(res.paramsWithErrors.sort()).toEqual(['count', 'email', 'level']);
    expect(res.conformance).toBeCloseTo(0.25);
    expect(res.typeErrors.map((e) => e.path).sort()).toEqual(['count', 'email', 'level']);
    expect(res.typeErrors.find((e) => e.path === 'email')?.message).toMatch(/format "email"/);
  });

  it('counts a parameter once however many errors it has, and attributes nested errors to it', () => {
    const res = checkTypes(schema, { count: 1, filter: { field: 3 }, level: 'low' });
    expect(res.paramsWithErrors).toEqual(['filter']);
    expect(res.conformance).toBeCloseTo(2 / 3);
    const nestedRequired = checkTypes(schema, { count: 1, filter: {} });
    expect(nestedRequired.paramsWithErrors).toEqual(['filter']);
    expect(nestedRequired.typeErrors).toEqual([{ path: 'filter.field', message: "filter.field must have required property 'field'" }]);
  });

  it('attributes errors to keys that contain dots', () => {
    expect(checkTypes(schema, { count: 1, 'a.b': 'x' }).paramsWithErrors).toEqual(['a.b']);
  });

  it('leaves top-level missing and undeclared keys to their own scores', () => {
    const res = checkTypes(schema, { extra: 1 });
    expect(res).toEqual({ conformance: 1, typeErrors: [], paramsWithErrors: [] });
  });

  it('counts an error of the whole arguments object under ""', () => {
    const res = checkTypes({ type: 'object', properties: { a: {}, b: {} }, anyOf: [{ required: ['a'] }, { required: ['b'] }] }, {});
    expect(res.paramsWithErrors).toEqual(['']);
    expect(res.conformance).toBe(0);
  });

  it('never goes below 0', () => {
    const res = checkTypes({ type: 'object', properties: { a: { type: 'string' } }, minProperties: 3 }, { a: 1 });
    expect(res.paramsWithErrors.sort()).toEqual(['', 'a']);
    expect(res.conformance).toBe(0);
  });

  it('does not blame the model for a schema that does not compile', () => {
    const res = checkTypes({ type: 'object', properties: { a: { type: 'strnig' } } }, { a: 1 });
    expect(res.conformance).toBe(1);
    expect(res.paramsWithErrors).toEqual([]);
    expect(res.typeErrors[0]?.path).toBe('(schema)');
  });
});
