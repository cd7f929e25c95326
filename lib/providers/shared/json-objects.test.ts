import { describe, expect, it } from 'vitest';
import { findJsonObjects } from './json-objects';

describe('findJsonObjects', () => {
  it('finds a fenced object first, with the span of the whole fence', () => {
    const text = 'Here:\n```json\n{"a": 1}\n```\nthanks';
    const found = findJsonObjects(text);
    expect(found[0]?.value).toEqual({ a: 1 });
    expect(text.slice(found[0]?.start, found[0]?.end)).toBe('```json\n{"a": 1}\n```');
  });

  it('parses the whole text when it is an object', () => {
    expect(findJsonObjects(' {"a": 1} ').map((f) => f.value)).toContainEqual({ a: 1 });
  });

  it('finds balanced objects in prose, ignoring braces inside strings', () => {
    const found = findJsonObjects('I think {"a": "x}y", "b": {"c": 2}} and {"d": 3}. {broken');
    expect(found.map((f) => f.value)).toEqual([{ a: 'x}y', b: { c: 2 } }, { d: 3 }]);
  });

  it('handles escaped quotes in strings', () => {
    expect(findJsonObjects('x {"a": "say \\"hi\\" }"} y').map((f) => f.value)).toEqual([{ a: 'say "hi" }' }]);
  });

  it('finds nothing in plain prose or arrays', () => {
    expect(findJsonObjects('no json here')).toEqual([]);
    expect(findJsonObjects('[1, 2]')).toEqual([]);
  });
});

describe('findJsonObjects on hostile input', () => {
  it('stays fast with thousands of unclosed braces', () => {
    const started = performance.now();
    expect(findJsonObjects(`${'{'.repeat(200_000)} {"a": 1}`)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
