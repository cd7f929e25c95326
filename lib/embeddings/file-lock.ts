import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export type FileLockOptions<R> = {
  /** A lock older than this is taken to be left by a crashed process and is broken. */
  staleMs: number;
  /** How often a waiting process looks again. */
  pollMs?: number;
  /** Checked while waiting: when it returns a value, the holder's work is done and we use it. */
  ready?: () => R | null;
};

/**
 * Runs `work` holding an exclusive lock file (created with O_EXCL, so exactly one process wins)
 * between processes. A process that finds the lock taken waits until `ready()` yields the
 * holder's result or the lock goes away, then tries again.
 */
export async function withFileLock<R>(lockFile: string, options: FileLockOptions<R>, work: () => Promise<R>): Promise<R> {
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  for (;;) {
    let fd: number;
    try {
      fd = fs.openSync(lockFile, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const done = options.ready?.() ?? null;
      if (done !== null) return done;
      breakIfStale(lockFile, options.staleMs);
      await sleep(options.pollMs ?? 200);
      continue;
    }
    try {
      fs.writeSync(fd, `${process.pid}\n`);
      return await work();
    } finally {
      fs.closeSync(fd);
      fs.rmSync(lockFile, { force: true });
    }
  }
}

function breakIfStale(lockFile: string, staleMs: number): void {
  try {
    if (Date.now() - fs.statSync(lockFile).mtimeMs > staleMs) fs.rmSync(lockFile, { force: true });
  } catch {
    // Gone meanwhile: the next attempt takes it.
  }
}
