import fs from 'node:fs';
import { parse } from 'yaml';
import { SuiteError } from '../errors';
import { asExistingSuite, type ExistingSuite } from './merge';

/** The suite already at `--out`, to import into (mergeIntoSuite); null when there is no file yet. */
export function readExistingSuite(file: string): ExistingSuite | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SuiteError([{ file, line: null, field: '--out', message: `cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})` }]);
  }
  let parsed: unknown;
  try {
    parsed = parse(text) as unknown;
  } catch (err) {
    throw new SuiteError([{ file, line: null, field: '--out', message: `the file exists and is not YAML or JSON (${(err as Error).message.split('\n')[0]}); import into a new file` }]);
  }
  const suite = asExistingSuite(parsed);
  if (typeof suite === 'string') throw new SuiteError([{ file, line: null, field: '--out', message: `the file exists and ${suite}; import into a new file` }]);
  return suite;
}
