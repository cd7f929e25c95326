import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

// Every test file gets its own DATA_DIR (SQLite file, secret key), removed afterwards.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-test-'));
process.env.DATA_DIR = dir;
process.env.LOG_LEVEL ??= 'silent';
process.env.SEED_DEMO = 'false';

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});
