import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, databaseFile, getDb, getSqlite } from '@/db/client';
import { encryptSecret } from '@/lib/crypto/secrets';

const original = { dataDir: process.env.DATA_DIR, umask: process.umask() };
const made: string[] = [];

afterEach(() => {
  closeDb();
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

/** Opens the database, writes through the WAL and creates the key file, as a first start does. */
function firstStart(dataDir: string): void {
  process.env.DATA_DIR = dataDir;
  getDb();
  getSqlite().prepare("insert into app_meta (key, value) values ('mode-test', 'x') on conflict(key) do update set value = excluded.value").run();
  encryptSecret('a server token');
}

describe('DATA_DIR is private', () => {
  it.each([0o022, 0o000])('a fresh one is 0700 with 0600 files (umask %o)', (umask) => {
    process.umask(umask);
    const dataDir = freshDataDir();
    firstStart(dataDir);
    const db = databaseFile();
    expect(fs.existsSync(`${db}-wal`)).toBe(true);
    expect(fs.existsSync(`${db}-shm`)).toBe(true);
    expect(modeOf(dataDir)).toBe(0o700);
    for (const file of [db, `${db}-wal`, `${db}-shm`, path.join(dataDir, 'secret.key')]) {
      expect([path.basename(file), modeOf(file).toString(8)]).toEqual([path.basename(file), '600']);
    }
  });

  it('files an older version left readable are tightened at the next start', () => {
    process.umask(0o022);
    const dataDir = freshDataDir();
    firstStart(dataDir);
    closeDb();
    const db = databaseFile();
    for (const file of [db, `${db}-wal`, `${db}-shm`, path.join(dataDir, 'secret.key')].filter((f) => fs.existsSync(f))) fs.chmodSync(file, 0o644);
    fs.chmodSync(dataDir, 0o755);
    // A new process: the key is read from the file again.
    process.env.DATA_DIR = path.join(dataDir, '..', 'other');
    encryptSecret('switch key source');
    firstStart(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(db)).toBe(0o600);
    expect(modeOf(`${db}-wal`)).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'secret.key'))).toBe(0o600);
  });
});
