/**
 * Lists the tools of a held-out set's MCP servers (devDependencies, started over stdio) and writes
 * tests/fixtures/<set>/<slug>.json, which tests/similarity-heldout*.test.ts read. The tests
 * never start a server; run this only to refresh the fixtures after changing a version:
 *
 *   npx tsx scripts/heldout/list-tools.ts [--set heldout-2] [slug ...]
 *
 * Sets: 'heldout' (the first set, the default), 'heldout-2', 'heldout-3' and 'heldout-4' (fresh ones, each labeled
 * blind after the sets before it had been measured on). A new set is a new entry of HELDOUT_SETS.
 *
 * Servers run without network where the OS allows it (`unshare -rn`, Linux), with a throwaway
 * HOME and dummy credentials: listing tools must not need a real account. The SDK is used
 * directly, not lib/mcp/client.ts, because that module is server-only (Next.js).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

type HeldoutServer = {
  slug: string;
  packageName: string;
  /** Key of the package.json `bin` map to start (the only one when omitted). */
  bin?: string;
  args?: string[];
  env?: Record<string, string>;
};

/** The first held-out set (tests/fixtures/heldout). */
export const HELDOUT_SERVERS: HeldoutServer[] = [
  { slug: 'playwright', packageName: '@playwright/mcp', bin: 'playwright-mcp', args: ['--headless'] },
  { slug: 'chrome-devtools', packageName: 'chrome-devtools-mcp', bin: 'chrome-devtools-mcp', args: ['--headless', '--isolated'] },
  { slug: 'notion', packageName: '@notionhq/notion-mcp-server', env: { NOTION_TOKEN: 'ntn_dummy_not_a_real_token' } },
  { slug: 'kubernetes', packageName: 'mcp-server-kubernetes' },
  { slug: 'browser-tools', packageName: '@agentdeskai/browser-tools-mcp', bin: 'browser-tools-mcp' },
  { slug: 'sentry', packageName: '@sentry/mcp-server', args: ['--access-token=dummy-not-a-real-token'] },
  { slug: 'context7', packageName: '@upstash/context7-mcp' },
];

/**
 * The second, fresh set (tests/fixtures/heldout-2): servers that appear nowhere else in the repo nor
 * in shared/data/mcp-servers-2797-tools.json, which the method is developed on.
 */
export const HELDOUT_2_SERVERS: HeldoutServer[] = [
  {
    slug: 'supabase',
    packageName: '@supabase/mcp-server-supabase',
    // Every feature group but 'docs', whose tool description is fetched from the network when listed.
    args: ['--features=account,database,debugging,development,functions,branching,storage'],
    env: { SUPABASE_ACCESS_TOKEN: 'sbp_dummy_not_a_real_token' },
  },
  { slug: 'netlify', packageName: '@netlify/mcp', env: { NETLIFY_PERSONAL_ACCESS_TOKEN: 'nfp_dummy_not_a_real_token' } },
  { slug: 'launchdarkly', packageName: '@launchdarkly/mcp-server', args: ['start', '--api-key', 'api-dummy-not-a-real-key'] },
  {
    slug: 'cloudflare',
    packageName: '@cloudflare/mcp-server-cloudflare',
    args: ['run', '0123456789abcdef0123456789abcdef'],
    env: { CLOUDFLARE_ACCOUNT_ID: '0123456789abcdef0123456789abcdef', CLOUDFLARE_API_TOKEN: 'dummy-not-a-real-token' },
  },
];

/**
 * The third, fresh set (tests/fixtures/heldout-3), labeled blind after the first two had been measured on:
 * servers that appear nowhere else in the repo nor in shared/data/mcp-servers-2797-tools.json. Two pairs
 * of servers share a domain (Shortcut and Plane track work; Argo CD and Cloud Run deploy), so that
 * cross-server pairs are many.
 */
export const HELDOUT_3_SERVERS: HeldoutServer[] = [
  { slug: 'shortcut', packageName: '@shortcut/mcp', env: { SHORTCUT_API_TOKEN: 'dummy-not-a-real-token' } },
  {
    slug: 'plane',
    packageName: '@makeplane/plane-mcp-server',
    env: { PLANE_API_KEY: 'plane_api_dummy_not_a_real_key', PLANE_WORKSPACE_SLUG: 'heldout', PLANE_API_HOST_URL: 'https://plane.invalid' },
  },
  {
    slug: 'argocd',
    packageName: 'argocd-mcp',
    args: ['stdio'],
    env: { ARGOCD_BASE_URL: 'https://argocd.invalid', ARGOCD_API_TOKEN: 'dummy-not-a-real-token' },
  },
  {
    slug: 'cloud-run',
    packageName: '@google-cloud/cloud-run-mcp',
    env: { GOOGLE_CLOUD_PROJECT: 'heldout-dummy-project', GOOGLE_CLOUD_REGION: 'us-central1' },
  },
  { slug: 'mapbox', packageName: '@mapbox/mcp-server', env: { MAPBOX_ACCESS_TOKEN: 'pk.dummy-not-a-real-token' } },
];

/**
 * The fourth, fresh set (tests/fixtures/heldout-4), labeled blind after the first three had been measured on:
 * servers that appear nowhere else in the repo nor in shared/data/mcp-servers-2797-tools.json. Asana and
 * Trello track work (tasks vs cards, projects vs boards, sections vs lists, stories vs comments), Bitbucket
 * reviews code with comments and tasks of its own, and DigitalOcean (six of its services) runs the rest.
 */
export const HELDOUT_4_SERVERS: HeldoutServer[] = [
  { slug: 'asana', packageName: '@roychri/mcp-server-asana', env: { ASANA_ACCESS_TOKEN: 'dummy-not-a-real-token' } },
  {
    slug: 'trello',
    packageName: '@delorenj/mcp-server-trello',
    env: { TRELLO_API_KEY: 'dummy-not-a-real-key', TRELLO_TOKEN: 'dummy-not-a-real-token', TRELLO_BOARD_ID: '0123456789abcdef01234567' },
  },
  {
    slug: 'bitbucket',
    packageName: 'bitbucket-mcp',
    env: {
      BITBUCKET_URL: 'https://api.bitbucket.invalid/2.0',
      BITBUCKET_USERNAME: 'heldout',
      BITBUCKET_PASSWORD: 'dummy-not-a-real-password',
      BITBUCKET_WORKSPACE: 'heldout',
    },
  },
  {
    slug: 'digitalocean',
    packageName: '@digitalocean/mcp',
    args: ['--services', 'apps,droplets,databases,spaces,functions,volumes'],
    env: { DIGITALOCEAN_API_TOKEN: 'dop_v1_dummy_not_a_real_token' },
  },
];

/** Set name (the fixtures folder under tests/fixtures) to its servers. */
export const HELDOUT_SETS: Record<string, HeldoutServer[]> = {
  heldout: HELDOUT_SERVERS,
  'heldout-2': HELDOUT_2_SERVERS,
  'heldout-3': HELDOUT_3_SERVERS,
  'heldout-4': HELDOUT_4_SERVERS,
};

const ROOT = path.resolve(__dirname, '../..');
const LIST_TIMEOUT_MS = 30_000;

type PackageJson = { name: string; version: string; bin?: string | Record<string, string> };

function readPackage(name: string): { pkg: PackageJson; dir: string } {
  const dir = path.join(ROOT, 'node_modules', name);
  return { pkg: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson, dir };
}

function binPath(server: HeldoutServer, pkg: PackageJson, dir: string): string {
  const { bin } = pkg;
  if (typeof bin === 'string') return path.join(dir, bin);
  const entries = Object.entries(bin ?? {});
  const chosen = server.bin ? entries.find(([k]) => k === server.bin) : entries.length === 1 ? entries[0] : undefined;
  if (!chosen) throw new Error(`${pkg.name}: choose one of the bins ${entries.map(([k]) => k).join(', ')}`);
  return path.join(dir, chosen[1]);
}

/** True when `unshare -rn` can cut the child off the network (rootless user + net namespace). */
function canIsolateNetwork(): boolean {
  if (process.platform !== 'linux' || process.env.HELDOUT_ALLOW_NETWORK === '1') return false;
  return spawnSync('unshare', ['-rn', 'true'], { stdio: 'ignore' }).status === 0;
}

type ListedTool = { name: string; description: string; inputSchema: unknown };

async function listServer(server: HeldoutServer, isolate: boolean, home: string) {
  const { pkg, dir } = readPackage(server.packageName);
  const entry = binPath(server, pkg, dir);
  const nodeArgs = [entry, ...(server.args ?? [])];
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    NODE_ENV: 'production',
    DO_NOT_TRACK: '1',
    ...(server.env ?? {}),
  };
  const transport = new StdioClientTransport({
    command: isolate ? 'unshare' : process.execPath,
    args: isolate ? ['-rn', process.execPath, ...nodeArgs] : nodeArgs,
    env,
    cwd: home,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const client = new Client({ name: 'heldout-lister', version: '0.1.0' });
  try {
    await client.connect(transport, { timeout: LIST_TIMEOUT_MS });
    const tools: ListedTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: LIST_TIMEOUT_MS });
      for (const t of page.tools) tools.push({ name: t.name, description: t.description ?? '', inputSchema: t.inputSchema });
      cursor = page.nextCursor;
    } while (cursor);
    return { package: pkg.name, version: pkg.version, listedAt: new Date().toISOString(), tools };
  } catch (err) {
    throw new Error(`${server.slug} (${pkg.name}@${pkg.version}): ${err instanceof Error ? err.message : String(err)}\n${stderr}`);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** `[--set <name>] [slug ...]`: the set ('heldout' when omitted) and the slugs to list (all when none). */
function parseArgs(argv: string[]): { set: string; only: string[] } {
  const at = argv.indexOf('--set');
  if (at < 0) return { set: 'heldout', only: argv };
  const set = argv[at + 1];
  if (!set) throw new Error('--set needs a name');
  return { set, only: argv.filter((_, i) => i !== at && i !== at + 1) };
}

async function main() {
  const { set, only } = parseArgs(process.argv.slice(2));
  const all = HELDOUT_SETS[set];
  if (!all) throw new Error(`unknown set ${set}; known: ${Object.keys(HELDOUT_SETS).join(', ')}`);
  const servers = only.length ? all.filter((s) => only.includes(s.slug)) : all;
  if (!servers.length) throw new Error(`unknown slugs ${only.join(', ')}; known in ${set}: ${all.map((s) => s.slug).join(', ')}`);
  const OUT_DIR = path.join(ROOT, 'tests/fixtures', set);
  const isolate = canIsolateNetwork();
  if (!isolate) console.warn('note: cannot isolate the servers from the network here (unshare -rn); listing anyway');
  mkdirSync(OUT_DIR, { recursive: true });
  let failed = 0;
  for (const server of servers) {
    const home = mkdtempSync(path.join(tmpdir(), `heldout-${server.slug}-`));
    try {
      const listed = await listServer(server, isolate, home);
      writeFileSync(path.join(OUT_DIR, `${server.slug}.json`), `${JSON.stringify(listed, null, 2)}\n`);
      console.log(`${server.slug}: ${listed.package}@${listed.version}, ${listed.tools.length} tools`);
    } catch (err) {
      failed++;
      console.error(err instanceof Error ? err.message : err);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }
  process.exit(failed ? 1 : 0);
}

void main();
