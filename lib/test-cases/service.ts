import 'server-only';
import { countActiveRuns } from '@/db/queries/runs';
import { getServersByIds, getServersByNames } from '@/db/queries/servers';
import {
  deleteTestCase as deleteTestCaseRow,
  findTestCaseByName,
  getTestCase,
  insertTestCase,
  updateTestCase as updateTestCaseRow,
  type TestCaseValues,
  type TestCaseWithServers,
} from '@/db/queries/test-cases';
import type { McpServerRow } from '@/db/schema';
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from '../errors';
import { parseWith } from '../http';
import { assertArgumentTypes } from './argument-types';
import { toTestCaseDto, type TestCaseDto } from './dto';
import { TestCaseInputSchema, type TestCaseInput, type TestCasePatch } from './schemas';

export function requireTestCase(id: string): TestCaseWithServers {
  const row = getTestCase(id);
  if (!row) throw new NotFoundError('Test case', id);
  return row;
}

/** Every key must name a registered server (422 otherwise); the order given is kept. */
function resolveServers(keys: string[], rows: McpServerRow[], by: 'id' | 'name'): McpServerRow[] {
  const found = new Map(rows.map((r) => [r[by], r]));
  const missing = keys.filter((k) => !found.has(k));
  if (missing.length) {
    throw new UnprocessableError('unknown_server', `Unknown server ${by}(s): ${missing.join(', ')}`, { [by === 'id' ? 'serverIds' : 'servers']: missing });
  }
  return keys.map((k) => found.get(k) as McpServerRow);
}

export function resolveServerIds(ids: string[]): McpServerRow[] {
  return resolveServers(ids, getServersByIds(ids), 'id');
}

export function resolveServerNames(names: string[]): McpServerRow[] {
  return resolveServers(names, getServersByNames(names), 'name');
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
    argumentMatching: input.argumentMatching ?? 'strict',
  };
}

/** Names identify cases in lists, reports and imports: a second "Weather in Oslo" (in any letter case) is a 409. */
export function assertTestCaseNameFree(name: string, exceptId?: string): void {
  const taken = findTestCaseByName(name, exceptId);
  if (taken) {
    throw new ConflictError(`A test case named "${taken.name}" already exists: choose another name`, { field: 'name', value: name, testCaseId: taken.id }, 'name_conflict');
  }
}

/** allowDuplicateName: for the CLI, whose suites are re-run on the same data directory and find their own cases again. */
export function createTestCase(input: TestCaseInput, options: { allowDuplicateName?: boolean } = {}): TestCaseDto {
  if (!options.allowDuplicateName) assertTestCaseNameFree(input.name);
  const servers = resolveServerIds(input.serverIds);
  assertArgumentTypes(input, servers);
  return toTestCaseDto(insertTestCase(toTestCaseValues(input, servers), servers.map((s) => s.id), input.tags ?? []));
}

/** Merges the patch into the stored case and validates the result as a whole. */
export function updateTestCase(id: string, patch: TestCasePatch): TestCaseDto {
  const { name, query, serverIds, expectedServer, expectedTool, expectedParameters, argumentMatching, tags } = toTestCaseDto(requireTestCase(id));
  const merged = parseWith(TestCaseInputSchema, { name, query, serverIds, expectedServer, expectedTool, expectedParameters, argumentMatching, tags, ...patch });
  if (merged.name.trim().toLowerCase() !== name.trim().toLowerCase()) assertTestCaseNameFree(merged.name, id);
  const servers = resolveServerIds(merged.serverIds);
  assertArgumentTypes(merged, servers);
  const row = updateTestCaseRow(id, toTestCaseValues(merged, servers), servers.map((s) => s.id), merged.tags);
  if (!row) throw new NotFoundError('Test case', id);
  return toTestCaseDto(row);
}

export function assertNoActiveRuns(testCaseIds: string[]): void {
  const active = countActiveRuns(testCaseIds);
  if (active > 0) {
    throw new ConflictError(`${active} run(s) of this test case are still in progress: cancel their batch or wait for it to finish`, { activeRuns: active }, 'runs_in_progress');
  }
}

export function deleteTestCase(id: string): void {
  assertNoActiveRuns([id]);
  if (!deleteTestCaseRow(id)) throw new NotFoundError('Test case', id);
}
