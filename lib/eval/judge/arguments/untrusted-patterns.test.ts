import { describe, expect, it } from 'vitest';
import { recommend } from '../../advice/recommend';
import { isDeclaredParameter } from './schema';
import { scoreArguments } from './score';
import { checkTypes } from './type-conformance';

// Model output is untrusted, and so are tool schemas from MCP servers: none of their
// regular expressions may backtrack.
const hostile = `${'a'.repeat(40)}!`;

function timed<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = run();
  return { value, ms: performance.now() - started };
}

describe('regular expressions over untrusted input', () => {
  it('scores a $regex expectation against hostile output at once', () => {
    const { value, ms } = timed(() => scoreArguments({ expected: { q: { $regex: '^(a+)+$' } }, actual: { q: hostile }, inputSchema: { type: 'object' } }));
    expect(value.failureReasons).toEqual(['value_mismatch:q']);
    expect(value.mismatches).toEqual([{ param: 'q', expected: { $regex: '^(a+)+$' }, actual: hostile }]);
    expect(ms).toBeLessThan(100);
  });

  it('keeps why a stored pattern could not be used beside the mismatch and in the advice', () => {
    const expected = { q: { $regex: '^(?!draft)' } };
    const score = scoreArguments({ expected, actual: { q: 'final' }, inputSchema: { type: 'object', properties: { q: { type: 'string' } } } });
    expect(score.failureReasons).toEqual(['value_mismatch:q']);
    expect(score.mismatches[0]?.note).toMatch(/^the pattern cannot be used: not a valid RE2 regular expression/);
    const tools = [{ server: 's', name: 't', description: 'Searches.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }];
    const advice = recommend({ classification: 'TP', expected: { server: 's', tool: 't' }, selected: { server: 's', tool: 't' }, argumentScore: score, confidence: null, category: null, tools });
    expect(advice.find((r) => r.parameter === 'q')?.message).toContain('(the pattern cannot be used: not a valid RE2 regular expression');
  });

  it("checks a server's schema pattern against a hostile value at once", () => {
    const schema = { type: 'object', properties: { q: { type: 'string', pattern: '^(a+)+$' } } };
    const { value, ms } = timed(() => checkTypes(schema, { q: hostile }));
    expect(value.paramsWithErrors).toEqual(['q']);
    expect(value.typeErrors[0]?.message).toContain('must match pattern');
    expect(ms).toBeLessThan(100);
    expect(checkTypes(schema, { q: 'aaaa' }).paramsWithErrors).toEqual([]);
  });

  it("matches a hostile key against a server's patternProperties at once", () => {
    const schema = { properties: {}, additionalProperties: false, patternProperties: { '^(a+)+$': {} } };
    const { value, ms } = timed(() => isDeclaredParameter(schema, hostile));
    expect(value).toBe(false);
    expect(ms).toBeLessThan(100);
    expect(isDeclaredParameter(schema, 'aaa')).toBe(true);
  });
});
