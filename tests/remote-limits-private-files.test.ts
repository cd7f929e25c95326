import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closeDb, databaseFile, prepareDatabase } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { run } from '@/db/sql';
import { encryptSecret } from '@/lib/crypto/secrets';

/*
 * SQLite: DATA_DIR holds the database (and its -wal, -shm) and the secret key. Postgres: the database is elsewhere,
 * DATA_DIR holds the secret key alone (no SQLite file is opened by mistake), and it is private all the same.
 */
const postgres = isPostgres();

const original = { dataDir: process.env.DATA_DIR, umask: process.umask() };
const made: string[] = [];

afterEach(async () => {
  await closeDb();
  process.env.DATA_DIR = original.dataDir;
  process.umask(original.umask);
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-modes-'));
  made.push(parent);
  return path.join(parent, 'nested', 'data');
}

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

/** Opens the database, writes (through the WAL on SQLite) and creates the key file, as a first start does. */
async function firstStart(dataDir: string): Promise<void> {
  process.env.DATA_DIR = dataDir;
  await prepareDatabase();
  await run(sql`insert into app_meta (key, value) values ('mode-test', 'x') on conflict (key) do update set value = excluded.value`);
  encryptSecret('a server token');
}

/** The files a start leaves in DATA_DIR: the database's (SQLite) and the key. */
function dataFiles(dataDir: string): string[] {
  const db = databaseFile();
  return [...(postgres ? [] : [db, `${db}-wal`, `${db}-shm`]), path.join(dataDir, 'secret.key')];
}

describe('DATA_DIR is private', () => {
  it.each([0o022, 0o000])('a fresh one is 0700 with 0600 files (umask %o)', async (umask) => {
    process.umask(umask);
    const dataDir = freshDataDir();
    await firstStart(dataDir);
    expect(fs.readdirSync(dataDir).sort()).toEqual(dataFiles(dataDir).map((f) => path.basename(f)).sort());
    expect(modeOf(dataDir)).toBe(0o700);
    for (const file of dataFiles(dataDir)) {
      expect([path.basename(file), modeOf(file).toString(8)]).toEqual([path.basename(file), '600']);
    }
  });

  it('files an older version left readable are tightened at the next start', async () => {
    process.umask(0o022);
    const dataDir = freshDataDir();
    await firstStart(dataDir);
    await closeDb();
    const files = dataFiles(dataDir).filter((f) => fs.existsSync(f));
    expect(files.length).toBeGreaterThanOrEqual(postgres ? 1 : 2);
    for (const file of files) fs.chmodSync(file, 0o644);
    fs.chmodSync(dataDir, 0o755);
    // A new process: the key is read from the file again.
    process.env.DATA_DIR = path.join(dataDir, '..', 'other');
    encryptSecret('switch key source');
    await firstStart(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    for (const file of files) expect([path.basename(file), modeOf(file).toString(8)]).toEqual([path.basename(file), '600']);
  });
});
