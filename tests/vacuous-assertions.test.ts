import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A test that passes on nothing catches nothing: `expect(xs.every(...)).toBe(true)` holds for an
 * empty list, and `toBeTruthy()`/`toBeDefined()` accept almost any value. This guards the unit
 * and integration tests of lib/ and tests/ against both.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const DIRS = ['lib', 'tests', 'db'];
/** How many lines around a quantified check may hold the length assertion that makes it non-vacuous. */
const NEARBY = 3;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(full);
    return e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = DIRS.flatMap((d) => testFiles(path.join(ROOT, d)));
const SELF = path.join(ROOT, 'tests', 'vacuous-assertions.test.ts');

type Finding = { where: string; line: string };

function scan(check: (lines: string[], i: number) => boolean): Finding[] {
  return files
    .filter((f) => f !== SELF)
    .flatMap((file) => {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      return lines.flatMap((line, i) => (check(lines, i) ? [{ where: `${path.relative(ROOT, file)}:${i + 1}`, line: line.trim() }] : []));
    });
}

/** A length assertion: toHaveLength, an exact or bounded .length, or a map(...) compared whole. */
const LENGTH_CHECK = /toHaveLength\(|\.length\)?\s*[,)]?.*\.(toBe|toEqual|toBeGreaterThan|toBeGreaterThanOrEqual)\(|\.length\)\.toBe|\.map\(.*\)\)\.toEqual\(/;
const QUANTIFIED = /expect\([^;]*\.(every\([^;]*\)\)\.toBe\(true\)|some\([^;]*\)\)\.toBe\(false\))/;

describe('no assertion passes on an empty collection or on any value', () => {
  it('scans a real set of test files', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.endsWith(path.join('tests', 'test-cases.test.ts')))).toBe(true);
  });

  it('checks the length next to every .every(...) true / .some(...) false', () => {
    const vacuous = scan((lines, i) => {
      if (!QUANTIFIED.test(lines[i] ?? '')) return false;
      const around = lines.slice(Math.max(0, i - NEARBY), i + NEARBY + 1);
      return !around.some((l) => LENGTH_CHECK.test(l));
    });
    expect(vacuous).toEqual([]);
  });

  it('never uses toBeTruthy() or toBeDefined(): assert the value itself', () => {
    expect(scan((lines, i) => /\.(toBeTruthy|toBeDefined)\(\)/.test(lines[i] ?? ''))).toEqual([]);
  });
});
