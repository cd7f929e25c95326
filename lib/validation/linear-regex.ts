import { RE2JS } from 're2js';

/**
 * Regular expressions whose pattern or subject is untrusted ($regex expectations matched
 * against model output, tool schemas' `pattern`/`patternProperties` from MCP servers) run
 * on RE2 (re2js): linear in the text, no backtracking, so `^(a+)+$` against "aaa…!" cannot
 * freeze the process. Linear still has a constant that grows with the compiled program (a
 * DFA that thrashes falls back to an NFA stepping every instruction per character), so a
 * match also has a cost budget: program size × text length.
 *
 * Syntax is RE2's (https://github.com/google/re2/wiki/Syntax) after re2js' translation of
 * JavaScript spellings (`\u00e9`, `\u{1F600}`, `(?<name>…)`). No lookaround, no
 * backreferences. Shared by the server and the browser (test case editor, run diff).
 */

export const REGEX_MAX_PATTERN_LENGTH = 1000;
/** re2js' approximate cost of a compiled pattern: `^(metric|si)$` is 12, `[a-z]{400}` about 400. */
export const REGEX_MAX_PROGRAM_SIZE = 500;
export const REGEX_MAX_TEXT_LENGTH = 100_000;
/**
 * Program size × text length allowed for one match. The worst patterns measured, whose DFA
 * has exponentially many states (`(a|b)*a(a|b){50}$`: every character builds a new state
 * of program-size), cost 100–600 ns per unit on a busy machine, so one match stays near
 * 100 ms at worst; an ordinary pattern (size 10–25) still reads 10,000–25,000 characters.
 */
export const REGEX_MATCH_BUDGET = 250_000;

export type CompiledRegex = { ok: true; regex: RE2JS; programSize: number } | { ok: false; problem: string };
export type RegexMatch = { matched: boolean; problem: string | null };

const MAX_CACHED = 256;
const cache = new Map<string, CompiledRegex>();

function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/^error parsing regexp: /, '');
}

function compileUncached(pattern: string): CompiledRegex {
  if (pattern.length > REGEX_MAX_PATTERN_LENGTH) {
    return { ok: false, problem: `the pattern is ${pattern.length} characters long; at most ${REGEX_MAX_PATTERN_LENGTH} are allowed` };
  }
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (err) {
    return { ok: false, problem: `not a valid RE2 regular expression (no lookaround or backreferences): ${describeError(err)}` };
  }
  const programSize = regex.programSize();
  if (programSize > REGEX_MAX_PROGRAM_SIZE) {
    return { ok: false, problem: `the pattern is too complex (program size ${programSize}, at most ${REGEX_MAX_PROGRAM_SIZE}); use smaller repeat counts` };
  }
  return { ok: true, regex, programSize };
}

/** Compiles (and remembers) a pattern; invalid or oversized patterns come back as a problem, never a throw. */
export function compileLinearRegex(pattern: string): CompiledRegex {
  const hit = cache.get(pattern);
  if (hit) return hit;
  const compiled = compileUncached(pattern);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(pattern, compiled);
  return compiled;
}

/** Why a pattern cannot be used, or null when it can: what saving a test case checks. */
export function findPatternProblem(pattern: string): string | null {
  const compiled = compileLinearRegex(pattern);
  return compiled.ok ? null : compiled.problem;
}

/** The longest text a compiled pattern may be matched against within the budget. */
export function maxTextLength(programSize: number): number {
  return Math.min(REGEX_MAX_TEXT_LENGTH, Math.floor(REGEX_MATCH_BUDGET / Math.max(1, programSize)));
}

/**
 * Whether `text` contains a match (unanchored, case-sensitive, Unicode). A pattern that does
 * not compile, or a text longer than the pattern's budget allows, is no match with a problem
 * saying why.
 */
export function testLinearRegex(pattern: string, text: string): RegexMatch {
  const compiled = compileLinearRegex(pattern);
  if (!compiled.ok) return { matched: false, problem: `the pattern cannot be used: ${compiled.problem}` };
  const limit = maxTextLength(compiled.programSize);
  if (text.length > limit) {
    return { matched: false, problem: `the value is ${text.length} characters long; this pattern is matched against at most ${limit}` };
  }
  return { matched: compiled.regex.test(text), problem: null };
}

type PatternTester = { test(text: string): boolean; toString(): string };

/**
 * ajv's `code.regExp` engine, so JSON Schema `pattern`, `patternProperties` and
 * `propertyNames` patterns run on RE2 too. A pattern that is valid JavaScript but beyond RE2
 * (lookaround, backreferences) or a text over the budget is not enforced rather than failing
 * the whole schema; a pattern invalid in JavaScript as well still throws, as ajv's default does.
 */
export const linearRegExpEngine = Object.assign(
  (pattern: string, flags: string): PatternTester => {
    const compiled = compileLinearRegex(pattern);
    if (!compiled.ok) new RegExp(pattern, flags); // throws for a pattern JavaScript rejects too
    return {
      test(text: string) {
        const result = testLinearRegex(pattern, text);
        return result.problem === null ? result.matched : true;
      },
      // ajv keys compiled patterns by this text.
      toString: () => `/${pattern}/${flags}`,
    };
  },
  { code: 'linearRegExp' },
);
