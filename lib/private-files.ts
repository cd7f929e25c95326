import fs from 'node:fs';

/*
 * DATA_DIR holds the database (server secrets encrypted, key hashes), the key that decrypts
 * them and caches: nobody but the app's user may read it. Modes are set with chmod after
 * creation, so they hold whatever the umask, and files left too open by an older version
 * are tightened on the next start.
 */

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and parents) if needed and makes `dir` itself 0700. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE);
}

/** Makes an existing file 0600 (a missing one is fine: SQLite's -wal/-shm come and go). */
export function makePrivate(file: string): void {
  tighten(file, PRIVATE_FILE_MODE);
}

/** Creates `file` empty and 0600 unless it exists, then makes it 0600 either way. */
export function createPrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  makePrivate(file);
}

function tighten(target: string, mode: number): void {
  let current: number;
  try {
    current = fs.statSync(target).mode & 0o777;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (current !== mode) fs.chmodSync(target, mode);
}
