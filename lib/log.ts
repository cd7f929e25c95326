import { getEnv } from './env';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };
const SECRET_KEY = /authorization|password|secret|token|api[-_]?key|cookie/i;

export type LogRecord = { ts: string; level: Level; msg: string } & Record<string, unknown>;
type Sink = (line: string, record: LogRecord) => void;

const defaultSink: Sink = (line, record) => {
  (record.level === 'error' || record.level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
};
let sink: Sink = defaultSink;

/** Tests capture log output here to assert that no secret ever reaches it. */
export function setLogSink(next: Sink | null): void {
  sink = next ?? defaultSink;
}

/** Values under secret-looking keys are replaced, at any depth. */
function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
  }
  return out;
}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  let threshold: Level | 'silent';
  try {
    threshold = getEnv().logLevel;
  } catch {
    threshold = 'info';
  }
  if (ORDER[level] < ORDER[threshold]) return;
  const record = { ts: new Date().toISOString(), level, msg, ...(redact(fields) as object) } as LogRecord;
  sink(JSON.stringify(record), record);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
};
