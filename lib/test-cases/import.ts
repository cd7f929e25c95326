import 'server-only';
import { insertTestCase } from '@/db/queries/test-cases';
import { AppError, fromDatabaseError } from '../errors';
import { parseWith, zodDetails } from '../http';
import { getTestCaseFormat } from './formats/registry';
import type { TestCaseFormatId } from './formats/types';
import { TestCaseImportRowSchema, TestCaseInputSchema } from './schemas';
import { resolveServerIds, resolveServerNames, toTestCaseValues } from './service';

export const MAX_IMPORT_ROWS = 10_000;

type RowError = { path: string; message: string };
export type ImportRowResult = { row: number; status: 'created'; id: string; name: string } | { row: number; status: 'failed'; errors: RowError[] };
export type ImportReport = { format: TestCaseFormatId; total: number; created: number; failed: number; results: ImportRowResult[] };

function errorsOf(thrown: unknown): RowError[] {
  const err = fromDatabaseError(thrown) ?? thrown;
  if (err instanceof AppError) {
    const details = Array.isArray(err.details) ? (err.details as RowError[]) : [];
    return details.length ? details : [{ path: '', message: err.message }];
  }
  throw err;
}

/** Imports one row in its own transaction: a failed row writes nothing, the others still land. */
async function importRow(value: Record<string, unknown>): Promise<{ id: string; name: string }> {
  const row = parseWith(TestCaseImportRowSchema, value, 'Row');
  const servers = row.servers?.length ? await resolveServerNames(row.servers) : await resolveServerIds(row.serverIds ?? []);
  const input = TestCaseInputSchema.safeParse({
    name: row.name,
    query: row.query,
    serverIds: servers.map((s) => s.id),
    expectedServer: row.expectedServer,
    expectedTool: row.expectedTool,
    expectedParameters: row.expectedParameters,
    argumentMatching: row.argumentMatching,
    tags: row.tags,
    context: row.context,
    expectedCalls: row.expectedCalls,
    callOrder: row.callOrder,
    forbiddenTools: row.forbiddenTools,
    mode: row.mode,
    maxSteps: row.maxSteps,
    execute: row.execute,
    mockResults: row.mockResults,
  });
  if (!input.success) throw new AppError('validation_error', 400, 'Row is invalid', zodDetails(input.error));
  const created = await insertTestCase(await toTestCaseValues(input.data, servers), servers.map((s) => s.id), input.data.tags);
  return { id: created.id, name: created.name };
}

export async function importTestCases(text: string, formatId: TestCaseFormatId): Promise<ImportReport> {
  const format = getTestCaseFormat(formatId);
  const rows = format.parse(text);
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new AppError('too_many_rows', 413, `An import takes at most ${MAX_IMPORT_ROWS} rows; this one has ${rows.length}`);
  }
  // One row after the other: each is its own transaction, and rows keep their order.
  const results: ImportRowResult[] = [];
  for (const parsed of rows) {
    if ('error' in parsed) {
      results.push({ row: parsed.row, status: 'failed', errors: [{ path: '', message: parsed.error }] });
      continue;
    }
    try {
      results.push({ row: parsed.row, status: 'created', ...(await importRow(parsed.value)) });
    } catch (err) {
      results.push({ row: parsed.row, status: 'failed', errors: errorsOf(err) });
    }
  }
  const created = results.filter((r) => r.status === 'created').length;
  return { format: format.id, total: results.length, created, failed: results.length - created, results };
}
