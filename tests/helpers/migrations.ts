import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A copy of db/migrations whose journal stops at migration `last` (inclusive): drizzle's
 * migrator applied to it builds a database as an older release left it, so a migration test
 * can insert rows there and then apply the rest.
 */
export function copyMigrationsUpTo(last: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-migrations-'));
  fs.cpSync(path.join(process.cwd(), 'db', 'migrations'), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
