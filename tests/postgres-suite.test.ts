import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES_SUITE, SQLITE_ONLY } from './postgres-suite';

/**
 * Issue 20's "the integration suite runs on both databases" holds only if no test file that opens the database is
 * quietly left out of the `postgres` project: every such file is in POSTGRES_SUITE or in SQLITE_ONLY with its
 * reason. "Opens the database" is read from the file's own (non-type) imports: the database client, raw SQL and
 * transactions, the query modules, the app's route handlers, and the test helpers that reach them.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const DIRS = ['lib', 'db', 'tests', 'components'];
const REACHES_DB =
  /^(@\/db\/(client|sql|transaction|tables|queries\/.+)|\.\/(client|sql|transaction)|@\/app\/api\/.+|(\.\/|@\/tests\/)helpers\/(api|cli|eval-seed|sequence-seed|stored-anywhere|synthetic-runs|migrations|queue-child|single-run-child))$/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(rel);
    return e.name.endsWith('.test.ts') ? [rel] : [];
  });
}

/** The modules a file imports at run time: `import x from '...'` (not `import type`) and `await import('...')`. */
function runtimeImports(text: string): string[] {
  const statics = [...text.matchAll(/^import\s+(?!type\s)[^;]*?\bfrom\s+'([^']+)'/gms)].map((m) => m[1] as string);
  const dynamics = [...text.matchAll(/\bimport\('([^']+)'\)/g)].map((m) => m[1] as string);
  return [...statics, ...dynamics];
}

/** Files not yet added to git: another change still in progress in this checkout (a fresh clone has none). */
function untracked(): Set<string> {
  try {
    return new Set(execFileSync('git', ['ls-files', '--others', '--exclude-standard', '--', ...DIRS], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean));
  } catch {
    return new Set();
  }
}

const SELF = 'tests/postgres-suite.test.ts'; // its own examples below are strings, not imports
const inProgress = untracked();
const files = DIRS.flatMap(testFiles).filter((f) => !inProgress.has(f));
const listed = [...POSTGRES_SUITE, ...SQLITE_ONLY.map((e) => e.file)];

describe('the postgres project list (tests/postgres-suite.ts)', () => {
  it('names existing test files, each once, in one list, and says why a file stays on SQLite', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(listed.filter((f) => !files.includes(f))).toEqual([]);
    expect(listed.filter((f, i) => listed.indexOf(f) !== i)).toEqual([]);
    expect(SQLITE_ONLY.filter((e) => e.reason.trim().length < 20).map((e) => e.file)).toEqual([]);
  });

  it('leaves out no test file that opens the database', () => {
    const reaching = files.filter((f) => f !== SELF && runtimeImports(fs.readFileSync(path.join(ROOT, f), 'utf8')).some((m) => REACHES_DB.test(m)));
    expect(reaching.length).toBeGreaterThan(60);
    const unlisted = reaching.filter((f) => !listed.includes(f));
    expect(unlisted, 'add each to POSTGRES_SUITE once it passes on Postgres, or to SQLITE_ONLY with the reason').toEqual([]);
  });

  it('reads run-time imports, not type-only ones', () => {
    const text = ["import type { Db } from '@/db/client';", "import { all } from '@/db/sql';", "import {\n  call,\n} from './helpers/api';", "const m = await import('@/db/queries/runs');"].join('\n');
    expect(runtimeImports(text)).toEqual(['@/db/sql', './helpers/api', '@/db/queries/runs']);
    expect(runtimeImports(text).map((m) => REACHES_DB.test(m))).toEqual([true, true, true]);
    expect(REACHES_DB.test('@/db/dialect')).toBe(false);
  });
});
