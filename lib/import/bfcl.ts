import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { getServersByNames } from '@/db/queries/servers';
import { AppError, fromDatabaseError } from '../errors';
import { parseWith } from '../http';
import { ServerInputSchema } from '../servers/schemas';
import { createServer, deleteServer } from '../servers/service';
import { TestCaseInputSchema } from '../test-cases/schemas';
import { createTestCase } from '../test-cases/service';
import { alreadyImportedCaseId } from './already-imported';
import { BfclAnswerSchema, BfclEntrySchema, convertBfclEntry, multiCallCase, type BfclAnswer, type McpToolShape } from './bfcl-convert';

export const MAX_BFCL_ENTRIES = 5000;

/** The body of POST /api/import/bfcl; entries are checked one by one so one bad entry fails alone. */
export const BfclImportBodySchema = z
  .object({
    entries: z.array(z.unknown()).min(1, 'entries must list at least one BFCL question object').max(MAX_BFCL_ENTRIES),
    answers: z.array(z.unknown()).max(MAX_BFCL_ENTRIES).default([]),
  })
  .strict();
export type BfclImportBody = z.infer<typeof BfclImportBodySchema>;

export type BfclEntryResult =
  | { index: number; id: string | null; status: 'created'; kind: 'positive' | 'multi' | 'negative'; testCaseId: string; serverId: string; serverName: string }
  /** The same files imported again: the case an earlier import made, unchanged. */
  | { index: number; id: string | null; status: 'already_imported'; kind: 'positive' | 'multi' | 'negative'; testCaseId: string; serverId: string; serverName: string }
  | { index: number; id: string | null; status: 'failed'; reason: string };

export type BfclImportReport = {
  total: number;
  created: number;
  /** Entries whose case an earlier import made (same name, query, tool set and expectation). */
  alreadyImported: number;
  failed: number;
  /** Static tool sets: one per distinct function set, reused when an earlier import made it. */
  servers: { created: number; reused: number };
  results: BfclEntryResult[];
};

/** Same functions, same name: re-importing reuses the tool set instead of duplicating it. */
export function toolSetName(tools: McpToolShape[]): string {
  const hash = createHash('sha256').update(JSON.stringify(tools)).digest('hex').slice(0, 12);
  return `bfcl-${hash}`;
}

function reasonOf(thrown: unknown): string {
  const err = fromDatabaseError(thrown) ?? thrown;
  if (!(err instanceof AppError)) throw err;
  const details = Array.isArray(err.details) ? (err.details as { path?: string; message?: string }[]) : [];
  const first = details[0];
  return first?.message ? `${err.message}${first.path ? ` (${first.path})` : ''}` : err.message;
}

function answersById(raw: unknown[]): Map<string, BfclAnswer> {
  const byId = new Map<string, BfclAnswer>();
  for (const item of raw) {
    const parsed = BfclAnswerSchema.safeParse(item);
    if (parsed.success) byId.set(parsed.data.id, parsed.data);
  }
  return byId;
}

function idOf(raw: unknown): string | null {
  return typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : null;
}

/**
 * Imports BFCL question objects with their possible answers as static tool sets and test
 * cases judged with argumentMatching "bfcl"; irrelevance entries become negative cases and
 * multi-call entries (parallel, parallel_multiple) sequence cases of one turn (multiCallCase).
 * Reports per entry what was created or why not; entries are independent. Importing the same
 * files again reports each case an earlier import made as already_imported, with its id.
 */
export async function importBfcl(body: BfclImportBody): Promise<BfclImportReport> {
  const answers = answersById(body.answers);
  const serverIds = new Map<string, string>();
  const servers = { created: 0, reused: 0 };

  async function ensureToolSet(tools: McpToolShape[]): Promise<{ id: string; name: string; created: boolean }> {
    const name = toolSetName(tools);
    const known = serverIds.get(name) ?? (await getServersByNames([name])).find((s) => s.transport === 'static')?.id;
    if (known) {
      if (!serverIds.has(name)) servers.reused++;
      serverIds.set(name, known);
      return { id: known, name, created: false };
    }
    const created = await createServer(parseWith(ServerInputSchema, { name, transport: 'static', tools }, 'Tool set'));
    servers.created++;
    serverIds.set(name, created.id);
    return { id: created.id, name, created: true };
  }

  /** A failed entry leaves no tool set it made behind (it serves no case): the entry is all or nothing. */
  async function dropToolSet(server: { id: string; name: string }): Promise<void> {
    try {
      await deleteServer(server.id, false);
      servers.created--;
      serverIds.delete(server.name);
    } catch {
      // a case of another import uses it meanwhile: it stays, as a reused set would
    }
  }

  const results: BfclEntryResult[] = [];
  for (const [index, raw] of body.entries.entries()) {
    const id = idOf(raw);
    const entry = BfclEntrySchema.safeParse(raw);
    if (!entry.success) {
      const issue = entry.error.issues[0];
      results.push({ index, id, status: 'failed', reason: `not a BFCL question object: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}` });
      continue;
    }
    const converted = convertBfclEntry(entry.data, answers.get(entry.data.id));
    if ('reason' in converted) {
      results.push({ index, id, status: 'failed', reason: converted.reason });
      continue;
    }
    let made: { id: string; name: string } | null = null;
    try {
      const server = await ensureToolSet(converted.tools);
      if (server.created) made = server;
      const positive = converted.kind === 'positive';
      const input = parseWith(
        TestCaseInputSchema,
        {
          name: entry.data.id,
          query: converted.query,
          serverIds: [server.id],
          expectedServer: positive ? server.name : null,
          expectedTool: positive ? converted.expectedTool : null,
          expectedParameters: positive ? converted.expectedParameters : null,
          ...(converted.kind === 'multi' ? multiCallCase(server.name, converted.calls) : {}),
          argumentMatching: 'bfcl',
        },
        'Test case',
      );
      const existing = await alreadyImportedCaseId(input);
      const testCaseId = existing ?? (await createTestCase(input)).id;
      results.push({ index, id, status: existing ? 'already_imported' : 'created', kind: converted.kind, testCaseId, serverId: server.id, serverName: server.name });
    } catch (err) {
      if (made) await dropToolSet(made);
      results.push({ index, id, status: 'failed', reason: reasonOf(err) });
    }
  }
  const created = results.filter((r) => r.status === 'created').length;
  const alreadyImported = results.filter((r) => r.status === 'already_imported').length;
  return { total: results.length, created, alreadyImported, failed: results.length - created - alreadyImported, servers, results };
}
