import fs from 'node:fs';
import path from 'node:path';
import { SuiteError } from '../errors';
import { parseLocated, problemAt } from '../suite/located';
import { ResultsSchema, type Results } from '../results/schema';

/** Reads a results.json (the baseline format); a wrong version or shape is exit 2 naming the field. */
export function readResults(file: string): Results {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new SuiteError([{ file, line: null, field: '', message: `cannot read the results file (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})` }]);
  }
  const doc = parseLocated(file, text);
  const parsed = ResultsSchema.safeParse(doc.value);
  if (!parsed.success) throw new SuiteError(parsed.error.issues.slice(0, 10).map((i) => problemAt(doc, i.path, i.message)));
  return parsed.data;
}

/** Written 0600: results hold queries and tool names, never keys. */
export function writeOutput(dir: string, name: string, text: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, text, { mode: 0o600 });
  return file;
}

/**
 * --history: earlier results files (repeat the flag, or separate them with commas), read as
 * the baseline is. Flaky across runs needs something to compare with, so a baseline is required.
 */
export function readHistory(given: readonly string[] | undefined, cwd: string): Results[] {
  return (given ?? []).flatMap((g) => g.split(',')).map((f) => f.trim()).filter(Boolean).map((f) => readResults(path.resolve(cwd, f)));
}
