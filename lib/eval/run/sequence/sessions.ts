import 'server-only';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpServerRow } from '@/db/schema';
import { withMcpClient } from '../../../mcp/client';
import { toConnection } from '../../../servers/stored-secrets';
import { SESSION_CONNECT_TIMEOUT_MS, SESSION_MAX_BYTES } from './limits';

type Session = {
  client: Client;
  /** Aborted when the session ends for any reason (closed, cut off, cancelled). */
  signal: AbortSignal;
  /** Rejects with the session's error (the server's message, secrets scrubbed) if it dies. */
  died: Promise<never>;
  /** Secret values of the server's connection, to scrub from messages about its calls. */
  secrets: string[];
};

type Entry = { ready: Promise<Session>; release(): void; done: Promise<unknown>; state: { dead: boolean } };

/**
 * One MCP session per server for a whole run, opened at its first executed call: the calls of
 * one conversation reach the same server process or session, as an agent host would send them
 * (a server that keeps state in memory sees its earlier calls). Each session draws on its own
 * byte budget; the run's signal cancels all of them; close() ends them all (stdio children are
 * closed, or killed on failure, by withMcpClient). A session that died is opened afresh on the
 * next call.
 */
export class McpSessions {
  private readonly entries = new Map<string, Entry>();
  /** Every session opened, live or dead, so close() waits for all of them to finish. */
  private readonly opened: Entry[] = [];

  constructor(private readonly signal: AbortSignal) {}

  open(server: McpServerRow): Promise<Session> {
    // A session whose connection ended (cut off, timed out) is replaced at once, before
    // withMcpClient has finished closing it.
    const known = this.entries.get(server.id);
    if (known && !known.state.dead) return known.ready;
    const state = { dead: false };
    let release: () => void = () => undefined;
    let resolveReady: (session: Session) => void = () => undefined;
    let rejectDied: (err: unknown) => void = () => undefined;
    const ready = new Promise<Session>((resolve) => (resolveReady = resolve));
    const died = new Promise<never>((_, reject) => (rejectDied = reject));
    died.catch(() => undefined);
    const held = new Promise<void>((resolve) => (release = resolve));
    const conn = toConnection(server);
    const done = withMcpClient(
      conn,
      (client, signal) => {
        signal.addEventListener('abort', () => (state.dead = true), { once: true });
        resolveReady({ client, signal, died, secrets: conn.secrets ?? [] });
        return held;
      },
      { connectTimeoutMs: SESSION_CONNECT_TIMEOUT_MS, maxBytes: SESSION_MAX_BYTES, signal: this.signal },
    );
    done.catch((err: unknown) => {
      state.dead = true;
      rejectDied(err);
    });
    const entry: Entry = { ready: Promise.race([ready, died]), release: () => release(), done, state };
    this.entries.set(server.id, entry);
    this.opened.push(entry);
    return entry.ready;
  }

  /** Ends every session and waits for them to close. */
  async close(): Promise<void> {
    const entries = this.opened.splice(0);
    this.entries.clear();
    for (const entry of entries) entry.release();
    await Promise.all(entries.map((entry) => entry.done.catch(() => undefined)));
  }
}
