import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, tempFolder } from './helpers/cli';

/**
 * The package as users get it: `npm pack`, install the tarball into an empty folder, run
 * `npx mcp-eval --help` there. Installing pulls the dependencies from the registry (slow; the
 * npm cache is preferred); with no registry reachable the test skips and says so. Install
 * scripts are skipped: --help needs no native module.
 */

const INSTALL_TIMEOUT = 600_000;
const OFFLINE = /ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNREFUSED|ENETUNREACH|network/i;

type Result = { code: number | null; out: string };

function sh(command: string, args: string[], cwd: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const k of Object.keys(env)) if (k.startsWith('npm_') || k === 'DATA_DIR') delete env[k];
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

const dir = tempFolder('mcp-eval-pack-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the packed package', () => {
  it('installs from its tarball and `npx mcp-eval --help` works there', { timeout: INSTALL_TIMEOUT }, async (ctx) => {
    const packed = await sh('npm', ['pack', '--pack-destination', dir, '--json', '--ignore-scripts'], ROOT);
    expect(packed.code, packed.out).toBe(0);
    const tarball = fs.readdirSync(dir).find((f) => f.endsWith('.tgz'));
    expect(tarball).toMatch(/^mcp-eval-harness-.*\.tgz$/);

    const app = path.join(dir, 'app');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'uses-mcp-eval', version: '1.0.0', private: true }));
    const install = await sh('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--omit=dev', path.join(dir, tarball as string)], app);
    if (install.code !== 0 && OFFLINE.test(install.out)) {
      ctx.skip(`npm could not reach the registry, so the tarball's dependencies could not be installed: ${install.out.split('\n').find((l) => OFFLINE.test(l)) ?? ''}`);
    }
    expect(install.code, install.out.slice(-2000)).toBe(0);

    const help = await sh('npx', ['--no-install', 'mcp-eval', '--help'], app);
    expect(help.code, help.out).toBe(0);
    for (const c of ['run', 'compare', 'lint', 'similarity', 'import']) expect(help.out).toMatch(new RegExp(`^  ${c} `, 'm'));
    const importHelp = await sh('npx', ['--no-install', 'mcp-eval', 'import', '--help'], app);
    expect(importHelp.out).toMatch(/possible_answer/);
  });
});
