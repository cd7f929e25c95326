import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { sql, type SQL } from 'drizzle-orm';
import { getSqlite } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { run as runSql } from '@/db/sql';
import { withTransaction } from '@/db/transaction';
import { seededRandom } from '@/lib/seeded-random';
import { classify as classifyRefs, type Classification } from '@/lib/eval/judge/classify';

/**
 * Evaluation history written straight into the database, the way the evaluation engine records
 * it: hand-built rows for metric tests (createRunWriter) and realistic bulk data for tests
 * and the benchmark (insertSyntheticRuns, deterministic for a seed).
 *
 * SQLite: every row is written at once, synchronously. Postgres (issue 20): rows are queued
 * and written by `await writer.flush()` (multi-row inserts, in foreign-key order); a test that
 * runs on both awaits flush() before it reads. writeSyntheticRuns is insertSyntheticRuns on both.
 */

export type Tool = { server: string; name: string };
type Category = 'robust' | 'misleading' | 'needs_clarity';
type Provider = 'openai' | 'anthropic' | 'openai-compatible' | 'local';

export type RunRecord = {
  testCaseId: string;
  batchId?: string | null;
  modelSettingsId?: string | null;
  status?: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
  /** Defaults to the test case's expectation. */
  expected?: Tool | null;
  selected?: Tool | null;
  /** Defaults to the seed rules applied to expected and selected (completed runs only). */
  classification?: Classification | null;
  samples?: number;
  /** Recorded only when samples > 1, as the engine does. */
  passK?: boolean | null;
  completeness?: number | null;
  correctness?: number | null;
  conformance?: number | null;
  confidence?: number | null;
  category?: Category | null;
  executionTimeMs?: number | null;
  inputTokens?: number | null;
  outputTokens?: number | null;
  createdAt?: string;
  completedAt?: string | null;
  errorMessage?: string | null;
};

export type RunWriter = {
  server(name: string): string;
  testCase(spec: { name: string; expected: Tool | null; servers?: string[] }): string;
  modelSettings(spec: { provider: Provider; model: string }): string;
  batch(spec: { name: string; models?: unknown[]; totalRuns?: number; createdAt?: string }): string;
  /** A test run and, when it completed with a classification, its evaluation result. */
  run(record: RunRecord): string;
  /** Resolves once every row written so far is stored (SQLite: already; Postgres: the queued rows, in one transaction). */
  flush(): Promise<void>;
};

/** The engine's own rules (a tool is server AND name). */
function classify(expected: Tool | null, selected: Tool | null): Classification {
  const ref = (t: Tool | null) => (t === null ? null : { server: t.server, tool: t.name });
  return classifyRefs(ref(expected), ref(selected));
}

function failureReasons(classification: Classification, selected: Tool | null): string[] {
  if (classification === 'FN') return [selected ? 'wrong_tool' : 'no_tool_called'];
  if (classification === 'FP') return ['unexpected_tool_call'];
  return [];
}

type Value = string | number | boolean | null;

/** Where the writer's rows go: one insert per table, its columns in the order of `values`. */
type Sink = {
  insert(table: Table, values: Value[]): void;
  /** The id of the server with this name (written just before). */
  serverId(name: string, written: string): string;
  flush(): Promise<void>;
};

const COLUMNS = {
  mcp_servers: ['id', 'name', 'transport', 'url'],
  test_cases: ['id', 'name', 'query', 'expected_mcp_server_name', 'expected_tool_name'],
  test_case_servers: ['test_case_id', 'server_id', 'position'],
  model_settings: ['id', 'provider', 'model'],
  run_batches: ['id', 'name', 'status', 'models', 'total_runs', 'created_at', 'started_at', 'completed_at'],
  test_runs: [
    'id', 'test_case_id', 'batch_id', 'model_settings_id', 'status', 'samples', 'selected_server', 'selected_tool',
    'confidence_score', 'confidence_category', 'classification', 'execution_time_ms', 'input_tokens', 'output_tokens',
    'failure_reasons', 'error_message', 'created_at', 'started_at', 'completed_at',
  ],
  evaluation_results: [
    'id', 'test_run_id', 'classification', 'expected_server', 'expected_tool', 'selected_server', 'selected_tool',
    'tool_correct', 'parameter_completeness', 'parameter_correctness', 'type_conformance', 'failure_reasons',
    'confidence_score', 'confidence_category', 'pass_k', 'created_at',
  ],
} as const;
type Table = keyof typeof COLUMNS;
/** Parents before children, so a flush satisfies every foreign key. */
const TABLE_ORDER = Object.keys(COLUMNS) as Table[];

/** SQLite: prepared statements over one connection, run at once. */
function sqliteSink(sqlite: Database.Database): Sink {
  const statements = new Map<Table, Database.Statement>();
  const statement = (table: Table) => {
    let st = statements.get(table);
    if (!st) {
      const columns = COLUMNS[table];
      const conflict = table === 'mcp_servers' ? ' on conflict do nothing' : '';
      st = sqlite.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})${conflict}`);
      statements.set(table, st);
    }
    return st;
  };
  const serverIdOf = sqlite.prepare<[string], string>('select id from mcp_servers where name = ?').pluck();
  return {
    insert: (table, values) => void statement(table).run(...values.map((v) => (typeof v === 'boolean' ? Number(v) : v))),
    serverId: (name) => {
      const id = serverIdOf.get(name);
      if (!id) throw new Error(`server ${name} was not written`);
      return id;
    },
    flush: async () => {},
  };
}

/** Server ids by name, for the queued Postgres writes (one database per test file, one module per file). */
const pgServerIds = new Map<string, string>();

/** Postgres: rows queued per table, written by flush() as multi-row inserts in one transaction. */
function postgresSink(): Sink {
  const queued = new Map<Table, Value[][]>();
  return {
    insert: (table, values) => {
      const rows = queued.get(table) ?? [];
      rows.push(values);
      queued.set(table, rows);
    },
    serverId: (name, written) => {
      const known = pgServerIds.get(name);
      if (known) return known;
      pgServerIds.set(name, written);
      return written;
    },
    flush: async () => {
      if (queued.size === 0) return;
      const batches = TABLE_ORDER.flatMap((table) => {
        const rows = queued.get(table) ?? [];
        const columns = COLUMNS[table];
        // Postgres binds at most 65,535 values per statement.
        const perStatement = Math.floor(60_000 / columns.length);
        const out: SQL[] = [];
        for (let start = 0; start < rows.length; start += perStatement) {
          const values = rows.slice(start, start + perStatement).map((r) => sql`(${sql.join(r.map((v) => sql`${v}`), sql`, `)})`);
          const conflict = table === 'mcp_servers' ? sql` on conflict do nothing` : sql``;
          out.push(sql`insert into ${sql.identifier(table)} (${sql.raw(columns.join(', '))}) values ${sql.join(values, sql`, `)}${conflict}`);
        }
        return out;
      });
      queued.clear();
      await withTransaction(async () => {
        for (const statement of batches) await runSql(statement);
      });
    },
  };
}

/**
 * Inserts the way the engine writes rows; ids come from `newId` (random UUIDs unless seeded).
 * `sqlite` names a SQLite connection of its own (migration tests); by default the app's database.
 */
export function createRunWriter(newId: () => string = randomUUID, sqlite?: Database.Database): RunWriter {
  const sink = sqlite ? sqliteSink(sqlite) : isPostgres() ? postgresSink() : sqliteSink(getSqlite());
  const expectations = new Map<string, Tool | null>();

  const server = (name: string): string => {
    const id = newId();
    sink.insert('mcp_servers', [id, name, 'streamable-http', `http://127.0.0.1:9/${encodeURIComponent(name)}`]);
    return sink.serverId(name, id);
  };

  return {
    server,
    testCase({ name, expected, servers }) {
      const id = newId();
      sink.insert('test_cases', [id, name, `Query of ${name}`, expected?.server ?? null, expected?.name ?? null]);
      const names = servers ?? [expected?.server ?? 'default'];
      names.forEach((s, position) => sink.insert('test_case_servers', [id, server(s), position]));
      expectations.set(id, expected);
      return id;
    },
    modelSettings({ provider, model }) {
      const id = newId();
      sink.insert('model_settings', [id, provider, model]);
      return id;
    },
    batch({ name, models = [], totalRuns = 0, createdAt = '2025-01-01T00:00:00.000Z' }) {
      const id = newId();
      sink.insert('run_batches', [id, name, 'completed', JSON.stringify(models), totalRuns, createdAt, createdAt, createdAt]);
      return id;
    },
    run(r) {
      const id = newId();
      const status = r.status ?? 'completed';
      const expected = r.expected === undefined ? (expectations.get(r.testCaseId) ?? null) : r.expected;
      const selected = r.selected ?? null;
      const classification = status === 'completed' ? (r.classification === undefined ? classify(expected, selected) : r.classification) : null;
      const createdAt = r.createdAt ?? '2025-01-01T00:00:00.000Z';
      const completedAt = r.completedAt === undefined ? createdAt : r.completedAt;
      const samples = r.samples ?? 1;
      const reasons = classification ? JSON.stringify(failureReasons(classification, selected)) : null;
      const confidence = r.confidence ?? null;
      const category = r.category ?? null;
      sink.insert('test_runs', [id, r.testCaseId, r.batchId ?? null, r.modelSettingsId ?? null, status, samples, selected?.server ?? null,
        selected?.name ?? null, confidence, category, classification, r.executionTimeMs ?? null, r.inputTokens ?? null,
        r.outputTokens ?? null, reasons, r.errorMessage ?? null, createdAt, createdAt, completedAt]);
      if (classification) {
        const passK = samples > 1 && r.passK !== undefined && r.passK !== null ? r.passK : null;
        sink.insert('evaluation_results', [newId(), id, classification, expected?.server ?? null, expected?.name ?? null, selected?.server ?? null,
          selected?.name ?? null, classification === 'TP' || classification === 'TN', r.completeness ?? null,
          r.correctness ?? null, r.conformance ?? null, reasons, confidence, category, passK, completedAt ?? createdAt]);
      }
      return id;
    },
    flush: () => sink.flush(),
  };
}

export type SyntheticRunsOptions = {
  /** PRNG seed; the same seed and options write the same rows (ids included). */
  seed?: number;
  /** Prefix of server, test case and batch names, so several datasets can share a database. */
  prefix?: string;
  testCases?: number;
  batches?: number;
  /** How many of the built-in model configs to use (2 or 3). */
  models?: 2 | 3;
  servers?: number;
  toolsPerServer?: number;
  /** Share of negative test cases (no tool expected). */
  negativeShare?: number;
  /** Share of runs that failed or were cancelled (no evaluation result). */
  failedShare?: number;
  /** Share of runs with samples = 3 (pass^k is recorded for them). */
  multiSampleShare?: number;
  /** First day of the history (UTC, YYYY-MM-DD) and how many days it spans. */
  startDate?: string;
  days?: number;
};

export type SyntheticModel = { id: string; provider: Provider; model: string };

export type SyntheticRuns = {
  serverNames: string[];
  testCaseIds: string[];
  batchIds: string[];
  models: SyntheticModel[];
  runs: number;
  completed: number;
  failed: number;
};

type Rng = () => number;
type Case = { id: string; servers: string[]; expected: Tool | null };

const MODEL_CONFIGS = [
  { provider: 'openai', model: 'gpt-4o-mini', quality: 0.86, latency: 900 },
  { provider: 'anthropic', model: 'claude-sonnet-4', quality: 0.9, latency: 1400 },
  { provider: 'local', model: 'all-MiniLM-L6-v2', quality: 0.62, latency: 40 },
] as const;

const TOOL_VERBS = ['search', 'get', 'list', 'create', 'update', 'delete', 'summarize', 'query'];
const DAY_MS = 86_400_000;

/** Seeded, so the same options always give the same data. */
const createRng = (seed: number): Rng => seededRandom(seed);

function hashText(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** UUID-shaped ids from the PRNG, so index layout and key sizes match the engine's random UUIDs. */
function createIdMaker(rng: Rng): () => string {
  const hex = (digits: number) => Math.floor(rng() * 16 ** digits).toString(16).padStart(digits, '0');
  return () => `${hex(8)}-${hex(4)}-4${hex(3)}-${hex(4)}-${hex(6)}${hex(6)}`;
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Writes servers, test cases, model settings, batches, runs and evaluation results in one transaction (SQLite). */
export function insertSyntheticRuns(n: number, options: SyntheticRunsOptions = {}): SyntheticRuns {
  const sqlite = getSqlite();
  const rng = syntheticRng(options);
  const write = createRunWriter(createIdMaker(rng), sqlite);
  return sqlite.transaction(() => generateSyntheticRuns(write, rng, n, options))();
}

/** insertSyntheticRuns on either dialect: the same rows for the same seed and options, stored when it resolves. */
export async function writeSyntheticRuns(n: number, options: SyntheticRunsOptions = {}): Promise<SyntheticRuns> {
  if (!isPostgres()) return insertSyntheticRuns(n, options);
  const rng = syntheticRng(options);
  const write = createRunWriter(createIdMaker(rng));
  const data = generateSyntheticRuns(write, rng, n, options);
  await write.flush();
  return data;
}

function syntheticRng(options: SyntheticRunsOptions): Rng {
  return createRng(hashText(`${options.prefix ?? 'syn'}:${options.seed ?? 1}`));
}

/**
 * The rows themselves. Ids and values come from one PRNG stream, shared with the writer's ids, in
 * a fixed order of calls, so a seed always gives the same data.
 */
function generateSyntheticRuns(write: RunWriter, rng: Rng, n: number, options: SyntheticRunsOptions): SyntheticRuns {
  const prefix = options.prefix ?? 'syn';
  const caseCount = options.testCases ?? Math.min(200, Math.max(10, Math.ceil(n / 500)));
  const batchCount = Math.max(1, options.batches ?? 5);
  const configs = MODEL_CONFIGS.slice(0, options.models ?? 3);
  const serverNames = Array.from({ length: options.servers ?? 4 }, (_, s) => `${prefix}-server-${s + 1}`);
  const toolsPerServer = Math.min(options.toolsPerServer ?? 6, TOOL_VERBS.length);
  const negativeShare = options.negativeShare ?? 0.15;
  const failedShare = options.failedShare ?? 0.03;
  const multiSampleShare = options.multiSampleShare ?? 0.1;
  const start = Date.parse(`${options.startDate ?? '2025-01-01'}T00:00:00.000Z`);
  const spanMs = (options.days ?? 30) * DAY_MS;
  const isoAt = (ms: number) => new Date(ms).toISOString();

  const tools: Tool[] = serverNames.flatMap((server) =>
    TOOL_VERBS.slice(0, toolsPerServer).map((verb) => ({ server, name: `${verb}_${server.replace(/\W/g, '_')}` })),
  );
  const cases: Case[] = [];
  for (let k = 0; k < caseCount; k++) {
    const servers = [pick(rng, serverNames)];
    if (serverNames.length > 1 && rng() < 0.4) servers.push(pick(rng, serverNames.filter((s) => s !== servers[0])));
    const expected = rng() < negativeShare ? null : pick(rng, tools.filter((t) => t.server === servers[0]));
    cases.push({ id: write.testCase({ name: `${prefix} case ${k + 1}`, expected, servers }), servers, expected });
  }
  const models: SyntheticModel[] = configs.map((c) => ({ id: write.modelSettings(c), provider: c.provider, model: c.model }));
  const modelsJson = configs.map((c) => ({ provider: c.provider, model: c.model }));
  const perBatch = Math.ceil(n / batchCount);
  const batchIds = Array.from({ length: batchCount }, (_, b) =>
    write.batch({
      name: `${prefix} batch ${b + 1}`,
      models: modelsJson,
      totalRuns: Math.max(0, Math.min(perBatch, n - b * perBatch)),
      createdAt: isoAt(start + Math.floor((b * perBatch * spanMs) / Math.max(n, 1))),
    }),
  );

  let failed = 0;
  for (let i = 0; i < n; i++) {
    // Each batch runs every case against every model, in order, repeating when it has more runs than that.
    const b = Math.floor(i / perBatch);
    const j = i - b * perBatch;
    const testCase = cases[j % caseCount] as Case;
    const mi = Math.floor(j / caseCount) % models.length;
    const config = configs[mi] as (typeof configs)[number];
    const createdMs = start + Math.floor((i * spanMs) / n) + Math.floor(rng() * 1000);
    const latency = Math.round(config.latency * (0.4 + rng() * 1.2) + (rng() < 0.05 ? rng() * 8000 : 0));
    const base = {
      testCaseId: testCase.id,
      batchId: batchIds[b],
      modelSettingsId: models[mi]?.id,
      samples: rng() < multiSampleShare ? 3 : 1,
      executionTimeMs: latency,
      createdAt: isoAt(createdMs),
      completedAt: isoAt(createdMs + latency),
    };
    if (rng() < failedShare) {
      failed++;
      const cancelled = rng() < 0.2;
      write.run({ ...base, status: cancelled ? 'cancelled' : 'failed', errorMessage: cancelled ? 'cancelled by user' : 'provider timed out' });
      continue;
    }
    const expected = testCase.expected;
    const correct = rng() < config.quality;
    const selected = expected
      ? correct ? expected : rng() < 0.6 ? pick(rng, tools.filter((t) => t !== expected)) : null
      : correct ? null : pick(rng, tools);
    const scored = expected !== null && correct;
    const confidence = rng() < 0.05 ? null : base.samples > 1 ? pick(rng, [1 / 3, 2 / 3, 1]) : round2(0.3 + rng() * 0.7);
    write.run({
      ...base,
      expected,
      selected,
      completeness: scored ? pick(rng, [1, 1, 1, 0.5, 0.75, 0]) : null,
      correctness: scored && rng() < 0.9 ? round2(rng()) : null,
      conformance: scored ? pick(rng, [1, 1, 1, 0]) : null,
      confidence,
      category: confidence === null ? null : confidence < 0.7 ? 'needs_clarity' : correct ? 'robust' : 'misleading',
      passK: correct && rng() < 0.8,
      inputTokens: 300 + Math.floor(rng() * 1200),
      outputTokens: 20 + Math.floor(rng() * 180),
    });
  }
  return { serverNames, testCaseIds: cases.map((c) => c.id), batchIds, models, runs: n, completed: n - failed, failed };
}
