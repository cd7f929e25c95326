#!/usr/bin/env node
// The `mcp-eval` command: runs the TypeScript CLI (lib/cli) with tsx, from the package's own
// folder (the migrations, tsconfig paths and word vectors resolve from there), under the
// react-server condition so the app's 'server-only' guard is a no-op outside Next.js.
// The user's folder travels as MCP_EVAL_CWD; the exit code is passed through.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = pathToFileURL(createRequire(path.join(root, 'package.json')).resolve('tsx')).href;
const child = spawn(process.execPath, ['--conditions=react-server', '--import', tsx, path.join(root, 'bin', 'cli.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, MCP_EVAL_CWD: process.cwd(), MCP_EVAL_TTY: process.stderr.isTTY ? '1' : '0' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 3)));
