import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const EXAMPLE_SUITE = path.join(ROOT, 'examples/ci/suite.yaml');

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs the real `mcp-eval` launcher in `cwd` (no TTY), as CI would. */
export function runCli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env };
    for (const k of ['DATA_DIR', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'MCP_EVAL_MODEL_API_KEY', 'SEED_DEMO']) delete childEnv[k];
    Object.assign(childEnv, env);
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/mcp-eval.mjs'), ...args], { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export function tempFolder(prefix = 'mcp-eval-cli-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Every file under dir, recursively. */
export function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
