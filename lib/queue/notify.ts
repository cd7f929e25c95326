import { EventEmitter } from 'node:events';
import pg from 'pg';
import { log } from '../log';
import { coalesce } from './coalesce';
import type { QueueSignal, SignalBus, SqlExecutor } from './types';

/** The one Postgres channel the queue's signals travel on. */
export const SIGNAL_CHANNEL = 'mcp_eval_queue';
const RECONNECT_MS = 1_000;

/** Compact wire form (NOTIFY payloads are capped at 8,000 bytes; ids only). */
export function encodeSignal(s: QueueSignal): string {
  switch (s.type) {
    case 'run':
      return JSON.stringify(['r', s.batchId, s.runId]);
    case 'done':
      return JSON.stringify(['d', s.batchId, s.status.slice(0, 200)]);
    case 'cancel':
      return JSON.stringify(['c', s.batchId]);
    case 'wake':
      return JSON.stringify(['w']);
  }
}

export function decodeSignal(payload: string): QueueSignal | null {
  try {
    const v: unknown = JSON.parse(payload);
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) return null;
    const [t, a, b] = v as string[];
    if (t === 'w') return { type: 'wake' };
    if (a === undefined) return null;
    if (t === 'c') return { type: 'cancel', batchId: a };
    if (b === undefined) return null;
    if (t === 'r') return { type: 'run', batchId: a, runId: b };
    if (t === 'd') return { type: 'done', batchId: a, status: b };
    return null;
  } catch {
    return null;
  }
}

/** SQLite, one process: signals are events in memory. */
export function createMemoryBus(): SignalBus {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return {
    async publish(signal) {
      events.emit('signal', signal);
    },
    subscribe(listener) {
      events.on('signal', listener);
      return () => events.off('signal', listener);
    },
    async close() {
      events.removeAllListeners();
    },
  };
}

/**
 * Postgres: LISTEN on one dedicated connection per process, NOTIFY through any connection (or
 * the caller's transaction, so a batch's wake-up is sent only when its jobs commit). A lost
 * connection is reopened; notifications sent meanwhile are lost, which subscribers tolerate
 * because they re-read the state (and poll it as a backstop).
 */
export async function createPostgresBus(connectionString: string): Promise<SignalBus> {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const sender = new pg.Pool({ connectionString, max: 2, application_name: 'mcp-eval-notify' });
  sender.on('error', () => undefined);
  let listener: pg.Client | null = null;
  let closed = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString, application_name: 'mcp-eval-listen' });
    client.on('notification', (msg) => {
      if (msg.channel !== SIGNAL_CHANNEL || !msg.payload) return;
      const signal = decodeSignal(msg.payload);
      if (signal) events.emit('signal', signal);
    });
    client.on('error', (err) => {
      log.warn('queue signal connection lost', { error: err.message });
      listener = null;
      client.end().catch(() => undefined);
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${SIGNAL_CHANNEL}`);
    listener = client;
  };
  const reconnect = async (): Promise<void> => {
    if (closed || listener) return;
    try {
      await connect();
    } catch {
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    }
  };
  await connect();

  // Signals published in the same turn of the event loop (the runs of a worker that end together)
  // go in one statement, in order.
  const send = coalesce<string>(async (payloads) => {
    await sender.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS s(p, n) ORDER BY n', [SIGNAL_CHANNEL, payloads]);
  });

  return {
    async publish(signal, tx?: SqlExecutor) {
      if (tx) await tx.executeSql('SELECT pg_notify($1, $2)', [SIGNAL_CHANNEL, encodeSignal(signal)]);
      else await send(encodeSignal(signal));
    },
    subscribe(fn) {
      events.on('signal', fn);
      return () => events.off('signal', fn);
    },
    async close() {
      closed = true;
      events.removeAllListeners();
      await listener?.end().catch(() => undefined);
      listener = null;
      await sender.end().catch(() => undefined);
    },
  };
}
