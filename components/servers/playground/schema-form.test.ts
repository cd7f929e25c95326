import { describe, expect, it } from 'vitest';
import { fromArguments, toArguments } from './form-values';
import { hintOf } from './field-hint';
import { planForm, type FieldPlan } from './schema-plan';

const todoSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1, description: 'Short summary' },
    priority: { type: 'string', enum: ['low', 'medium', 'high'], default: 'medium' },
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    score: { type: ['number', 'null'] },
    done: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    ids: { type: 'array', items: { type: 'integer' } },
    filter: { type: 'object', properties: { a: { type: 'string' } } },
    either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
  },
  required: ['title', 'missingFromProperties'],
};

function fields(): FieldPlan[] {
  const plan = planForm(todoSchema);
  if (plan.mode !== 'fields') throw new Error('expected fields');
  return plan.fields;
}

describe('planForm', () => {
  it('gives flat properties widgets and everything else a JSON field', () => {
    expect(fields().map((f) => [f.name, f.kind, f.required])).toEqual([
      ['title', 'string', true],
      ['priority', 'enum', false],
      ['limit', 'integer', false],
      ['score', 'number', false],
      ['done', 'boolean', false],
      ['tags', 'array', false],
      ['ids', 'array', false],
      ['filter', 'json', false],
      ['either', 'json', false],
      ['missingFromProperties', 'json', true],
    ]);
  });

  it('falls back to raw JSON for combined or free-form schemas', () => {
    expect(planForm({ type: 'object', oneOf: [] }).mode).toBe('raw');
    expect(planForm({ type: 'object', additionalProperties: true }).mode).toBe('raw');
    expect(planForm(null).mode).toBe('raw');
    expect(planForm({ type: 'object' })).toEqual({ mode: 'fields', fields: [] });
  });
});

describe('toArguments / fromArguments', () => {
  it('converts typed text and leaves empty fields out', () => {
    const { args, errors } = toArguments(fields(), {
      title: 'Buy milk',
      priority: '"high"',
      limit: ' 10 ',
      score: '',
      done: 'false',
      tags: 'a\n\nb ',
      ids: '1\n2',
      filter: '{"a": "x"}',
    });
    expect(errors).toEqual({});
    expect(args).toEqual({ title: 'Buy milk', priority: 'high', limit: 10, done: false, tags: ['a', 'b '], ids: [1, 2], filter: { a: 'x' } });
  });

  it('reports text that is not a value of the field', () => {
    const { errors } = toArguments(fields(), { limit: '1.5', score: 'abc', ids: '1\nx', filter: '{' });
    expect(errors.limit).toBe('Enter a whole number');
    expect(errors.score).toBe('Enter a number');
    expect(errors.ids).toBe('Line 2: enter a number');
    expect(errors.filter).toMatch(/^Not valid JSON/);
  });

  it('round-trips through the raw JSON editor', () => {
    const args = { title: 't', priority: 'low', ids: [3, 4], done: true, filter: { a: 'b' } };
    expect(toArguments(fields(), fromArguments(fields(), args)).args).toEqual(args);
  });
});

describe('hintOf', () => {
  it('keeps the schema description and adds type and limits', () => {
    const [title, , limit] = fields();
    expect(title && hintOf(title)).toBe('Short summary (text; at least 1 character)');
    expect(limit && hintOf(limit)).toBe('Whole number; 1 to 100');
  });
});
