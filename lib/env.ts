import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The interface the app listens on (the start script passes it to `next start -H`). */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Where the SQLite file, the secret key file and model caches live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** `postgres://...` (or `postgresql://`) stores everything in Postgres instead of DATA_DIR's SQLite file (issue 20). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Base URL the app is reachable at; the demo servers are registered under it. */
  APP_URL: z.string().url().optional(),
  /** Base URL the demo servers are registered under when other processes must reach the app by another name (compose: http://app:3000); default APP_URL. */
  DEMO_SERVER_URL: z.string().url().optional(),
  /** 32+ characters; when unset a random key is generated into DATA_DIR/secret.key (0600). */
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  /** Registering stdio servers runs commands on this machine; default: only on loopback. */
  ALLOW_STDIO_SERVERS: booleanFlag.optional(),
  /** Seed the demo registry and test cases on first start. */
  SEED_DEMO: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** A directory holding `<model id>/` (config.json, tokenizer files, onnx/) for the local embedding model; wins over downloads. */
  EMBEDDING_MODEL_DIR: z.string().min(1).optional(),
  /** Whether the local embedding model may be downloaded from the Hugging Face hub (once, into DATA_DIR/models). */
  EMBEDDING_ALLOW_DOWNLOAD: booleanFlag.default(true),
  /** Where the converted word vectors live (default DATA_DIR/embeddings/wink-sg-100d.bin); several data dirs can share one. */
  WORD_VECTORS_FILE: z.string().min(1).optional(),
  /** Cap on the bytes read from one MCP server connection (registration, tools/list, tool results); past it a 502. */
  MAX_REMOTE_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(10 * 1024 * 1024),
  /** More host names the app answers to (comma-separated `name` or `name:port`), beyond loopback, HOST and APP_URL. */
  ALLOWED_HOSTS: z.string().optional(),
  /** Origins (comma-separated, e.g. `https://tools.example.com`) whose pages may call the API, beyond the app's own. */
  ALLOWED_ORIGINS: z.string().optional(),
  /** Admin password for the login page; turns authentication on (required beyond loopback unless AUTH=none). */
  ADMIN_PASSWORD: z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional(),
  /** Admin bearer token (also accepted at the login page) for headless deployments; turns authentication on. */
  ADMIN_TOKEN: z.string().min(32, 'ADMIN_TOKEN must be at least 32 characters').optional(),
  /** `password` (the default when a credential is set) or `none`: an explicit opt-out beyond loopback. */
  AUTH: z.enum(['password', 'none']).optional(),
  /** Where large similarity analyses score pairs: `auto` (worker threads from 1,000 tools), `worker` or `inline` (the request thread). */
  SIMILARITY_KERNEL: z.enum(['auto', 'worker', 'inline']).default('auto'),
  /** The worker threads' pair kernel: `onnx` (ONNX Runtime's Gemm) or `js` (plain JavaScript). */
  SIMILARITY_KERNEL_ENGINE: z.enum(['onnx', 'js']).default('onnx'),
  /** Worker threads for the similarity kernel (default: one per core, at most 2). */
  SIMILARITY_KERNEL_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  /** Longest a similarity kernel job may run before its workers are stopped and the request fails. */
  SIMILARITY_KERNEL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(600_000),
  /** On Postgres: runs this process (app or `npm run worker`) works at once from the queue. */
  QUEUE_CONCURRENCY: z.coerce.number().int().min(1).max(512).default(16),
  /** On Postgres: how often each process looks for a dead process's runs; they are retried or marked interrupted within about 3x this. */
  QUEUE_REAP_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
});

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** A Postgres connection URL, or undefined for SQLite in dataDir. */
  databaseUrl: string | undefined;
  appUrl: string;
  /** Where the demo servers are registered: DEMO_SERVER_URL, else appUrl (queue workers in other containers call them there). */
  demoServerUrl: string;
  appSecret: string | undefined;
  allowStdioServers: boolean;
  seedDemo: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  embeddingModelDir: string | undefined;
  embeddingAllowDownload: boolean;
  wordVectorsFile: string;
  /** Bytes one MCP server connection may send in total before it is cut off (MAX_REMOTE_BYTES). */
  maxRemoteBytes: number;
  allowedHosts: string[];
  allowedOrigins: string[];
  adminPassword: string | undefined;
  adminToken: string | undefined;
  /** As configured; lib/security/auth/policy.ts decides what it means together with HOST and the credentials. */
  auth: 'password' | 'none' | undefined;
  similarityKernel: 'auto' | 'worker' | 'inline';
  similarityKernelEngine: 'onnx' | 'js';
  similarityKernelWorkers: number | undefined;
  similarityKernelTimeoutMs: number;
  queueConcurrency: number;
  queueReapSeconds: number;
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || host.startsWith('127.');
}

function splitList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((v) => v.trim()).filter((v) => v !== '');
}

function toOrigin(value: string): string {
  try {
    const origin = new URL(value).origin;
    if (origin === 'null') throw new Error('opaque');
    return origin.toLowerCase();
  } catch {
    throw new Error(`Invalid environment: ALLOWED_ORIGINS: '${value}' is not an origin such as https://tools.example.com`);
  }
}

const KEYS = Object.keys(EnvSchema.shape) as (keyof typeof EnvSchema.shape)[];
let memo: { key: string; env: Env } | null = null;

/**
 * The only reader of process.env. Re-read whenever a variable changes (tests point DATA_DIR
 * elsewhere), but parsed only then: it sits on the path of every query and log line.
 */
export function getEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const key = KEYS.map((k) => source[k] ?? '\u0000').join('\u0001');
  if (source === process.env && memo?.key === key) return memo.env;
  const env = parseEnv(source);
  if (source === process.env) memo = { key, env };
  return env;
}

export type StorageEnv = { dataDir: string; databaseUrl: string | undefined };
let storageMemo: { dataDir: string | undefined; databaseUrl: string | undefined; value: StorageEnv } | null = null;

/**
 * Where the data lives (DATA_DIR, DATABASE_URL), for the database layer, which asks on every query: two variables
 * compared instead of getEnv()'s key over every variable (tens of microseconds a call).
 */
export function getStorageEnv(): StorageEnv {
  const dataDir = process.env.DATA_DIR;
  const databaseUrl = process.env.DATABASE_URL;
  if (storageMemo && storageMemo.dataDir === dataDir && storageMemo.databaseUrl === databaseUrl) return storageMemo.value;
  const env = getEnv();
  storageMemo = { dataDir, databaseUrl, value: { dataDir: env.dataDir, databaseUrl: env.databaseUrl } };
  return storageMemo.value;
}

function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${detail}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, ''),
    demoServerUrl: (e.DEMO_SERVER_URL ?? e.APP_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, ''),
    appSecret: e.APP_SECRET,
    allowStdioServers: e.ALLOW_STDIO_SERVERS ?? isLoopbackHost(e.HOST),
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    embeddingModelDir: e.EMBEDDING_MODEL_DIR === undefined ? undefined : path.resolve(e.EMBEDDING_MODEL_DIR),
    embeddingAllowDownload: e.EMBEDDING_ALLOW_DOWNLOAD,
    wordVectorsFile: path.resolve(e.WORD_VECTORS_FILE ?? path.join(e.DATA_DIR, 'embeddings', 'wink-sg-100d.bin')),
    maxRemoteBytes: e.MAX_REMOTE_BYTES,
    adminPassword: e.ADMIN_PASSWORD,
    adminToken: e.ADMIN_TOKEN,
    auth: e.AUTH,
    similarityKernel: e.SIMILARITY_KERNEL,
    similarityKernelEngine: e.SIMILARITY_KERNEL_ENGINE,
    similarityKernelWorkers: e.SIMILARITY_KERNEL_WORKERS,
    similarityKernelTimeoutMs: e.SIMILARITY_KERNEL_TIMEOUT_MS,
    queueConcurrency: e.QUEUE_CONCURRENCY,
    queueReapSeconds: e.QUEUE_REAP_SECONDS,
    allowedHosts: splitList(e.ALLOWED_HOSTS).map((h) => h.toLowerCase()),
    allowedOrigins: splitList(e.ALLOWED_ORIGINS).map(toOrigin),
  };
}
