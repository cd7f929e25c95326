import 'server-only';
import { getServersByIds, getServersByNames } from '@/db/queries/servers';
import {
  deleteTestCase as deleteTestCaseRow,
  getTestCase,
  insertTestCase,
  updateTestCase as updateTestCaseRow,
  type TestCaseValues,
  type TestCaseWithServers,
} from '@/db/queries/test-cases';
import type { McpServerRow } from '@/db/schema';
import { NotFoundError, UnprocessableError, ValidationError } from '../errors';
import { parseWith } from '../http';
import { toTestCaseDto, type TestCaseDto } from './dto';
import { TestCaseInputSchema, type TestCaseInput, type TestCasePatch } from './schemas';

export function requireTestCase(id: string): TestCaseWithServers {
  const row = getTestCase(id);
  if (!row) throw new NotFoundError('Test case', id);
  return row;
}

/** Every id must name a registered server; the order given is kept. */
export function resolveServerIds(ids: string[]): McpServerRow[] {
  const rows = getServersByIds(ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw new UnprocessableError('unknown_server', `Unknown server id(s): ${missing.join(', ')}`, { serverIds: missing });
  return ids.map((id) => byId.get(id) as McpServerRow);
}

export function resolveServerNames(names: string[]): McpServerRow[] {
  const rows = getServersByNames(names);
  const byName = new Map(rows.map((r) => [r.name, r]));
  const missing = names.filter((n) => !byName.has(n));
  if (missing.length) throw new UnprocessableError('unknown_server', `Unknown server name(s): ${missing.join(', ')}`, { servers: missing });
  return names.map((n) => byName.get(n) as McpServerRow);
}

/** Rules that need the registry: the expected server must be one of the case's servers. */
export function toTestCaseValues(input: TestCaseInput, servers: McpServerRow[]): TestCaseValues {
  if (input.expectedServer !== null && !servers.some((s) => s.name === input.expectedServer)) {
    throw new ValidationError(
      `expectedServer '${input.expectedServer}' is not one of the test case's servers (${servers.map((s) => s.name).join(', ')})`,
      [{ path: 'expectedServer', message: 'must be the name of one of the test case servers' }],
    );
  }
  return {
    name: input.name,
    query: input.query,
    expectedMcpServerName: input.expectedServer,
    expectedToolName: input.expectedTool,
    expectedParameters: input.expectedParameters,
  };
}

export function createTestCase(input: TestCaseInput): TestCaseDto {
  const servers = resolveServerIds(input.serverIds);
  return toTestCaseDto(insertTestCase(toTestCaseValues(input, servers), servers.map((s) => s.id)));
}

/** Merges the patch into the stored case and validates the result as a whole. */
export function updateTestCase(id: string, patch: TestCasePatch): TestCaseDto {
  const current = requireTestCase(id);
  const merged = parseWith(TestCaseInputSchema, {
    name: current.name,
    query: current.query,
    serverIds: current.servers.map((s) => s.id),
    expectedServer: current.expectedMcpServerName,
    expectedTool: current.expectedToolName,
    expectedParameters: current.expectedParameters ?? null,
    ...patch,
  });
  const servers = resolveServerIds(merged.serverIds);
  const row = updateTestCaseRow(id, toTestCaseValues(merged, servers), servers.map((s) => s.id));
  if (!row) throw new NotFoundError('Test case', id);
  return toTestCaseDto(row);
}

export function deleteTestCase(id: string): void {
  if (!deleteTestCaseRow(id)) throw new NotFoundError('Test case', id);
}
