import { describe, expect, it } from 'vitest';
import {
  compileLinearRegex,
  findPatternProblem,
  linearRegExpEngine,
  maxTextLength,
  REGEX_MATCH_BUDGET,
  REGEX_MAX_PATTERN_LENGTH,
  REGEX_MAX_PROGRAM_SIZE,
  REGEX_MAX_TEXT_LENGTH,
  testLinearRegex,
} from './linear-regex';

function randomAb(length: number): string {
  let seed = 7;
  let text = '';
  for (let i = 0; i < length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    text += seed & 0x10000 ? 'a' : 'b';
  }
  return text;
}

describe('linear-time regular expressions', () => {
  it('accepts ordinary patterns and reports syntax, length and complexity problems', () => {
    expect(findPatternProblem('^(metric|si)$')).toBeNull();
    expect(findPatternProblem('definitions[\\s\\S]*runs')).toBeNull();
    expect(findPatternProblem('(')).toMatch(/^not a valid RE2 regular expression .*missing closing \)/);
    expect(findPatternProblem('(a)\\1')).toMatch(/invalid escape sequence/);
    expect(findPatternProblem('x'.repeat(REGEX_MAX_PATTERN_LENGTH + 1))).toBe(`the pattern is ${REGEX_MAX_PATTERN_LENGTH + 1} characters long; at most ${REGEX_MAX_PATTERN_LENGTH} are allowed`);
    expect(findPatternProblem('(?:a|b){600}')).toMatch(new RegExp(`^the pattern is too complex \\(program size \\d+, at most ${REGEX_MAX_PROGRAM_SIZE}\\)`));
  });

  it('never throws on a bad pattern and says why it did not match', () => {
    expect(testLinearRegex('[', 'a')).toEqual({ matched: false, problem: expect.stringMatching(/^the pattern cannot be used: not a valid RE2/) });
    expect(testLinearRegex('b', 'abc')).toEqual({ matched: true, problem: null });
  });

  it('sizes the text budget by the compiled program', () => {
    const small = compileLinearRegex('^(a+)+$');
    const large = compileLinearRegex('(a|b)*a(a|b){100}$');
    if (!small.ok || !large.ok) throw new Error('both patterns compile');
    expect(maxTextLength(1)).toBe(REGEX_MAX_TEXT_LENGTH);
    expect(maxTextLength(small.programSize)).toBe(Math.floor(REGEX_MATCH_BUDGET / small.programSize));
    expect(maxTextLength(small.programSize)).toBeGreaterThan(20_000);
    expect(maxTextLength(large.programSize)).toBe(Math.floor(REGEX_MATCH_BUDGET / large.programSize));
    expect(maxTextLength(large.programSize)).toBeLessThan(1_000);
  });

  it('keeps the worst patterns it admits near 100 ms at the budget', () => {
    // Patterns whose DFA has 2^k states build a new state per character: the costliest kind.
    for (const pattern of ['(a|b)*a(a|b){50}$', '(?:[ab]*a[ab]{300})+$', '(a|b)*a(a|b){150}$', '(?:(?:a|b)*a(?:a|b){12}){3}$']) {
      const compiled = compileLinearRegex(pattern);
      if (!compiled.ok) throw new Error(compiled.problem);
      const text = randomAb(maxTextLength(compiled.programSize));
      compileLinearRegex('(?:x|y)*x(?:x|y){50}$'); // warm the JIT on another pattern: this one's DFA stays cold
      const started = performance.now();
      expect(testLinearRegex(pattern, text).problem).toBeNull();
      // 100 ms measured alone; the margin is for a machine shared with other test runs.
      expect(performance.now() - started, pattern).toBeLessThan(300);
    }
  });

  it('serves ajv: RE2 where it can, unenforced where only JavaScript can, a throw where neither can', () => {
    const rx = linearRegExpEngine('^(a+)+$', 'u');
    expect(rx.test(`${'a'.repeat(30)}!`)).toBe(false);
    expect(rx.test('aaa')).toBe(true);
    expect(String(rx)).toBe('/^(a+)+$/u');
    expect(linearRegExpEngine('^(?!x)', 'u').test('x')).toBe(true);
    expect(() => linearRegExpEngine('(', 'u')).toThrow();
  });
});
