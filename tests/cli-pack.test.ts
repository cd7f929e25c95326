import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultsSchema } from '@/lib/cli/results/schema';
import { EXAMPLE_SUITE, ROOT, tempFolder } from './helpers/cli';

/**
 * The package as users get it: `npm pack`, install the tarball into an empty folder, then
 * `npx mcp-eval --help` and `npx mcp-eval run` there (embedded, the example suite's static
 * servers, the keyless local provider). Installing pulls the dependencies from the npm cache
 * that `npm ci` filled (--prefer-offline); with no registry reachable and a cold cache the
 * test skips and says so. Install scripts are skipped (onnxruntime-node's would download CUDA
 * binaries; better-sqlite3's prebuilt download fails here and its node-gyp build takes
 * minutes on a loaded machine), so the one native module `run` needs is provided as
 * better-sqlite3's install would: the checkout's binary of the same version for this Node ABI
 * (what prebuild-install downloads), or `npm rebuild better-sqlite3` (node-gyp) when the
 * versions differ. See nativeSqlite below.
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
const app = path.join(dir, 'app');
// The installed package's node_modules is large: removing it can outlast the default hook timeout under load.
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }), 120_000);

let skipReason: string | null = null;
let installOut = '';
let installCode: number | null = null;

const versionOf = (pkgDir: string): string => (JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * better-sqlite3's native binding in the installed package: the checkout's build when it is
 * the same better-sqlite3 version (built for this Node, as this test runs on it), else a
 * node-gyp build. Returns how it was provided.
 */
async function nativeSqlite(): Promise<string> {
  const installed = path.join(app, 'node_modules/better-sqlite3');
  const ours = path.join(ROOT, 'node_modules/better-sqlite3');
  const binary = path.join(ours, 'build/Release/better_sqlite3.node');
  if (fs.existsSync(binary) && versionOf(installed) === versionOf(ours)) {
    fs.mkdirSync(path.join(installed, 'build/Release'), { recursive: true });
    fs.copyFileSync(binary, path.join(installed, 'build/Release/better_sqlite3.node'));
    return `prebuilt better-sqlite3 ${versionOf(ours)} for Node ABI ${process.versions.modules}`;
  }
  const rebuilt = await sh('npm', ['rebuild', 'better-sqlite3'], app);
  expect(rebuilt.code, rebuilt.out.slice(-2000)).toBe(0);
  return 'npm rebuild better-sqlite3 (node-gyp)';
}

describe('the packed package', () => {
  beforeAll(async () => {
    const started = Date.now();
    const packed = await sh('npm', ['pack', '--pack-destination', dir, '--json', '--ignore-scripts'], ROOT);
    expect(packed.code, packed.out).toBe(0);
    const tarball = fs.readdirSync(dir).find((f) => f.endsWith('.tgz'));
    expect(tarball).toMatch(/^mcp-eval-harness-.*\.tgz$/);
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'uses-mcp-eval', version: '1.0.0', private: true }));
    const install = await sh('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--omit=dev', path.join(dir, tarball as string)], app);
    installOut = install.out;
    installCode = install.code;
    if (install.code !== 0 && OFFLINE.test(install.out)) {
      skipReason = `npm could not reach the registry, so the tarball's dependencies could not be installed: ${install.out.split('\n').find((l) => OFFLINE.test(l)) ?? ''}`;
    }
    console.log(`pack + install: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, INSTALL_TIMEOUT);

  it('installs from its tarball and `npx mcp-eval --help` works there', { timeout: INSTALL_TIMEOUT }, async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    expect(installCode, installOut.slice(-2000)).toBe(0);
    const help = await sh('npx', ['--no-install', 'mcp-eval', '--help'], app);
    expect(help.code, help.out).toBe(0);
    for (const c of ['run', 'compare', 'lint', 'similarity', 'import']) expect(help.out).toMatch(new RegExp(`^  ${c} `, 'm'));
    const importHelp = await sh('npx', ['--no-install', 'mcp-eval', 'import', '--help'], app);
    expect(importHelp.out).toMatch(/possible_answer/);
  });

  it('`npx mcp-eval run` from the installed package runs a static-server suite embedded: exit 0 and its results', { timeout: INSTALL_TIMEOUT }, async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    expect(installCode, installOut.slice(-2000)).toBe(0);
    const started = Date.now();
    const how = await nativeSqlite();
    // A folder of the user's project: the example suite and its tool snapshots, nothing of the checkout.
    const work = path.join(app, 'ci');
    fs.cpSync(path.dirname(EXAMPLE_SUITE), work, { recursive: true });
    const res = await sh('npx', ['--no-install', 'mcp-eval', 'run', 'suite.yaml', '--out', 'out'], work);
    expect(res.code, res.out).toBe(0);
    console.log(`installed run (${how}): ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The installed copy ran, not the checkout: its launcher lives under the app's node_modules.
    expect(fs.realpathSync(path.join(app, 'node_modules/.bin/mcp-eval'))).toBe(path.join(app, 'node_modules/mcp-eval-harness/bin/mcp-eval.mjs'));
    const results = ResultsSchema.parse(JSON.parse(fs.readFileSync(path.join(work, 'out/results.json'), 'utf8')));
    expect(results.schemaVersion).toBe(1);
    expect(results.models).toEqual(['local/lexical']);
    expect(results.cases).toHaveLength(8);
    expect(results.cases.every((c) => c.error === null)).toBe(true);
    const byName = new Map(results.cases.map((c) => [c.name, c]));
    expect(byName.get('todo: delete by id')).toMatchObject({ classification: 'TP' });
    expect(byName.get('both: search passages')).toMatchObject({ classification: 'TP' });
    expect(results.gates.map((g) => [g.id, g.status])).toEqual([
      ['recall', 'passed'],
      ['f1', 'passed'],
      ['tool:rag/rag_search:recall', 'passed'],
      ['tool:todo/delete_todo:precision', 'passed'],
      ['tool:todo/delete_todo:recall', 'passed'],
    ]);
    expect(fs.readFileSync(path.join(work, 'out/junit.xml'), 'utf8')).toContain('<testcase name="todo: mark complete" classname="local/lexical"');
  });
});
