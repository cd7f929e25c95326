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

type Entry = { ready: Promise<Session>; release(): void; done: Promise<unknown>; state: { dead: boolean; opened: boolean } };

/**
 * One MCP session per server for a whole run, opened at its first executed call: the calls of
 * one conversation reach the same server process or session, as an agent host would send them
 * (a server that keeps state in memory sees its earlier calls). Each session draws on its own
 * byte budget; the run's signal cancels all of them; close() ends them all (stdio children are
 * closed, or killed on failure, by withMcpClient). A session that died is opened afresh on the
 * next call; a server that could not be reached at all is not tried again in the run.
 */
export class McpSessions {
  private readonly entries = new Map<string, Entry>();
  /** Every session opened, live or dead, so close() waits for all of them to finish. */
  private readonly opened: Entry[] = [];
  /** Servers whose session could not be opened: later calls fail at once with the same error. */
  private readonly unreachable = new Map<string, unknown>();

  constructor(private readonly signal: AbortSignal) {}

  open(server: McpServerRow): Promise<Session> {
    // A session whose connection ended (cut off, timed out) is replaced at once, before
    // withMcpClient has finished closing it.
    const known = this.entries.get(server.id);
    if (known && !known.state.dead) return known.ready;
    if (this.unreachable.has(server.id)) return Promise.reject(this.unreachable.get(server.id));
    const state = { dead: false, opened: false };
    let release: () => void = () => undefined;
    let resolveReady: (session: Session) => void = () => undefined;
    let rejectDied: (err: unknown) => void = () => undefined;
    const ready = new Promise<Session>((resolve) => (resolveReady = resolve));
    const died = new Promise<never>((_, reject) => (rejectDied = reject));
    died.catch(() => undefined);
    const held = new Promise<void>((resolve) => (release = resolve));
    const done = toConnection(server).then((conn) =>
      withMcpClient(
        conn,
        (client, signal) => {
          state.opened = true;
          signal.addEventListener('abort', () => (state.dead = true), { once: true });
          resolveReady({ client, signal, died, secrets: conn.secrets ?? [] });
          return held;
        },
        { connectTimeoutMs: SESSION_CONNECT_TIMEOUT_MS, maxBytes: SESSION_MAX_BYTES, signal: this.signal },
      ),
    );
    done.catch((err: unknown) => {
      state.dead = true;
      // A server that never answered the handshake is not tried again in this run (each try
      // could wait the whole connect timeout); one that was cut off mid-run gets a new session.
      if (!state.opened && !this.signal.aborted) this.unreachable.set(server.id, err);
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
