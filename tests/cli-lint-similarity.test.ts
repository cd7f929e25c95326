import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { EXAMPLE_SUITE, ROOT, runCli, tempFolder } from './helpers/cli';
import { startDemoServers } from './helpers/demo-server';
import { EVERYTHING_BIN } from './helpers/everything';

// Each spawn starts tsx; description_overlap keeps similarity offline (the embedding method would try to download its model).
const SLOW = 60_000;
let dir: string;

beforeAll(() => {
  dir = tempFolder('mcp-eval-lint-');
  fs.cpSync(path.join(ROOT, 'examples/ci'), dir, { recursive: true });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The example suite with other servers (and its cases pointed at them). */
function writeSuite(name: string, servers: Record<string, unknown>): string {
  const suite = parse(fs.readFileSync(EXAMPLE_SUITE, 'utf8')) as Record<string, unknown>;
  delete suite.$schema;
  suite.servers = servers;
  suite.testCases = [{ name: 'one', query: 'anything', servers: Object.keys(servers), expectedServer: null, expectedTool: null }];
  fs.writeFileSync(path.join(dir, name), stringify(suite));
  return name;
}

function processesWith(marker: string): string {
  try {
    return execFileSync('pgrep', ['-f', marker]).toString().trim();
  } catch {
    return '';
  }
}

type Sarif = { version: string; runs: { tool: { driver: { name: string; rules: { id: string }[] } }; results: { ruleId: string; level: string; locations: unknown[] }[] }[] };

describe('mcp-eval lint', () => {
  it('writes SARIF 2.1.0 for the example suite; --fail-on decides the exit code (0, 1) and a bad value is 2', { timeout: SLOW }, async () => {
    const pass = await runCli(['lint', 'suite.yaml', '--out', 'lint/report.sarif'], dir);
    expect(pass.code).toBe(0);
    expect(pass.stderr).toMatch(/^11 tool\(s\): 0 error\(s\), [1-9]\d* warning\(s\)/m);
    const sarif = JSON.parse(fs.readFileSync(path.join(dir, 'lint/report.sarif'), 'utf8')) as Sarif;
    expect(sarif.version).toBe('2.1.0');
    const run = sarif.runs[0]!;
    expect(run.results.length).toBeGreaterThan(0);
    expect(run.results.some((r) => r.level === 'warning')).toBe(true);
    const ruleIds = new Set(run.tool.driver.rules.map((r) => r.id));
    expect(run.results.every((r) => ruleIds.has(r.ruleId))).toBe(true);

    const warning = await runCli(['lint', 'suite.yaml', '--fail-on', 'warning', '--format', 'json'], dir);
    expect(warning.code).toBe(1);
    expect((JSON.parse(warning.stdout) as { tools: unknown[] }).tools).toHaveLength(11);
    expect((await runCli(['lint', 'suite.yaml', '--fail-on', 'none', '--format', 'md'], dir)).code).toBe(0);

    const [badFailOn, badFormat] = await Promise.all([runCli(['lint', 'suite.yaml', '--fail-on', 'sometimes'], dir), runCli(['lint', 'suite.yaml', '--format', 'xml'], dir)]);
    expect(badFailOn.code).toBe(2);
    expect(badFailOn.stderr).toMatch(/--fail-on: 'sometimes' is not one of error, warning, none/);
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toMatch(/--format: 'xml' is not one of .*sarif/);
  });

  it("lists a suite's stdio server (as run connects to it) beside static and HTTP ones, and leaves no child behind", { timeout: SLOW }, async () => {
    const demo = await startDemoServers();
    const marker = `lint-stdio-${process.pid}-${Date.now()}`;
    try {
      const suite = writeSuite('mixed.yaml', {
        everything: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio', marker] },
        todo: { transport: 'static', toolsFile: 'tools/todo.json' },
        rag: { type: 'http', url: `${demo.baseUrl}/demo/rag/mcp` },
      });
      const res = await runCli(['lint', suite, '--format', 'json', '--fail-on', 'none'], dir);
      expect(res.stderr).not.toMatch(/internal error/);
      expect(res.code).toBe(0);
      const ids = (JSON.parse(res.stdout) as { tools: { id: string }[] }).tools.map((t) => t.id);
      expect(ids).toContain('everything/echo');
      expect(ids).toContain('todo/create_todo');
      expect(ids).toContain('rag/rag_search');
      expect(processesWith(marker)).toBe('');
    } finally {
      await demo.close();
    }
  });

  it('an unreachable stdio server is exit 3 (as in run), and the hung child is killed', { timeout: SLOW }, async () => {
    const marker = `lint-hang-${process.pid}-${Date.now()}`;
    const suite = writeSuite('hang.yaml', { hang: { command: process.execPath, args: ['-e', `/*${marker}*/ setInterval(() => {}, 1000)`] } });
    const res = await runCli(['lint', suite], dir);
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/server hang is unreachable/);
    expect(processesWith(marker)).toBe('');
  });

  it('refuses a stdio server where run would (ALLOW_STDIO_SERVERS=false): exit 2 naming the server', { timeout: SLOW }, async () => {
    const suite = writeSuite('stdio-off.yaml', { everything: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] } });
    const res = await runCli(['lint', suite], dir, { ALLOW_STDIO_SERVERS: 'false' });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/servers\.everything: .*ALLOW_STDIO_SERVERS=true/);
  });
});

describe('mcp-eval similarity', () => {
  const offline = ['--method', 'description_overlap'];

  it('reports on a suite; --fail-on-flagged is 1 with a flagged pair and 0 without', { timeout: SLOW }, async () => {
    const report = await runCli(['similarity', 'suite.yaml', ...offline, '--format', 'json', '--out', 'sim.json'], dir);
    expect(report.code).toBe(0);
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'sim.json'), 'utf8')) as { method: string; tools: { id: string }[]; pairs: { flagged: boolean }[] };
    expect(json.method).toBe('description_overlap');
    expect(json.tools).toHaveLength(11);
    expect(json.pairs.some((p) => p.flagged)).toBe(true);

    const flagged = await runCli(['similarity', 'suite.yaml', ...offline, '--fail-on-flagged'], dir);
    expect(flagged.code).toBe(1);
    expect(flagged.stdout).toMatch(/^#/m);
    const none = await runCli(['similarity', 'suite.yaml', ...offline, '--threshold', '0.999', '--fail-on-flagged', '--format', 'csv'], dir);
    expect(none.code).toBe(0);
    expect(none.stdout.split('\n')[0]).toMatch(/,/);
  });

  it("compares a live server's tools without a description on their title or name (as the API's live sources do), saying so", { timeout: SLOW }, async () => {
    // A stdio server listing two tools without descriptions, one with a title.
    const sdk = (p: string) => JSON.stringify(path.join(ROOT, 'node_modules/@modelcontextprotocol/sdk/dist/esm', p));
    fs.writeFileSync(
      path.join(dir, 'bare-server.mjs'),
      `import { Server } from ${sdk('server/index.js')};
import { StdioServerTransport } from ${sdk('server/stdio.js')};
import { ListToolsRequestSchema } from ${sdk('types.js')};
const server = new Server({ name: 'bare', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [
  { name: 'get_weather', inputSchema: { type: 'object' } },
  { name: 'fetch_forecast', title: 'Fetch the weather forecast for a city', inputSchema: { type: 'object' } },
  { name: 'send_mail', description: 'Send an email to a recipient.', inputSchema: { type: 'object' } },
] }));
await server.connect(new StdioServerTransport());
`,
    );
    const suite = writeSuite('bare.yaml', { bare: { command: process.execPath, args: [path.join(dir, 'bare-server.mjs')] } });
    const res = await runCli(['similarity', suite, ...offline, '--format', 'json'], dir);
    expect(res.stderr).not.toMatch(/internal error/);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('bare/get_weather has no description; it is analysed on its name');
    expect(res.stderr).toContain('bare/fetch_forecast has no description; it is analysed on its title');
    expect((JSON.parse(res.stdout) as { tools: { id: string }[] }).tools.map((t) => t.id)).toEqual(['bare/get_weather', 'bare/fetch_forecast', 'bare/send_mail']);
    // lint reports the missing descriptions instead: they are findings there.
    const lint = await runCli(['lint', suite, '--format', 'json', '--fail-on', 'none'], dir);
    expect(lint.code).toBe(0);
    const findings = (JSON.parse(lint.stdout) as { tools: { id: string; findings: { ruleId: string; severity: string }[] }[] }).tools.find((t) => t.id === 'bare/get_weather')?.findings;
    expect(findings?.some((f) => f.severity === 'error')).toBe(true);
  });

  it('a bad option is a usage error (exit 2) naming it and the values it takes, before anything runs', { timeout: SLOW }, async () => {
    const [format, threshold, method] = await Promise.all([
      runCli(['similarity', 'suite.yaml', '--format', 'sarif'], dir),
      runCli(['similarity', 'suite.yaml', '--threshold', 'high'], dir),
      runCli(['similarity', 'suite.yaml', '--method', 'cosine'], dir),
    ]);
    expect(format.code).toBe(2);
    expect(format.stderr).toMatch(/--format: 'sarif' is not one of json, csv, md, html/);
    expect(format.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(threshold.code).toBe(2);
    expect(threshold.stderr).toMatch(/--threshold: 'high' is not a number from 0 to 1/);
    expect(method.code).toBe(2);
    expect(method.stderr).toMatch(/--method: 'cosine' is not one of embedding, description_overlap/);
  });
});
