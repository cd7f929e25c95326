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
import { SEQUENCE_ONLY_FIELDS } from './sequence-schemas';
import { assertSequenceTools } from './sequence-tools';
import { toTestCaseDto, type TestCaseDto } from './dto';
import { MAX_STEPS_DEFAULT } from '../eval/sequence/types';
import { isNoParameters, TestCaseInputSchema, type TestCaseInput, type TestCasePatch } from './schemas';

export async function requireTestCase(id: string): Promise<TestCaseWithServers> {
  const row = await getTestCase(id);
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

export async function resolveServerIds(ids: string[]): Promise<McpServerRow[]> {
  return resolveServers(ids, await getServersByIds(ids), 'id');
}

export async function resolveServerNames(names: string[]): Promise<McpServerRow[]> {
  return resolveServers(names, await getServersByNames(names), 'name');
}

/**
 * expectedServer/expectedTool/expectedParameters mirror expectedCalls[0] (the schema refused
 * values that differ), so a case given as a list of calls is found by every filter and judged
 * by selection mode like one given as a pair.
 */
export function mirrorFirstCall<T extends TestCaseInput>(input: T): T {
  if (!input.expectedCalls) return input;
  const first = input.expectedCalls[0];
  return { ...input, expectedServer: first?.server ?? null, expectedTool: first?.tool ?? null, expectedParameters: first?.arguments ?? null };
}

/** Rules that need the registry: the expected server must be one of the case's servers, so must every tool the sequence fields name. */
export async function toTestCaseValues(raw: TestCaseInput, servers: McpServerRow[]): Promise<TestCaseValues> {
  const input = mirrorFirstCall(raw);
  if (input.expectedServer !== null && !servers.some((s) => s.name === input.expectedServer)) {
    throw new ValidationError(
      `expectedServer '${input.expectedServer}' is not one of the test case's servers (${servers.map((s) => s.name).join(', ')})`,
      [{ path: 'expectedServer', message: 'must be the name of one of the test case servers' }],
    );
  }
  const sequence = await sequenceValues(input, servers);
  return {
    name: input.name,
    query: input.query,
    expectedMcpServerName: input.expectedServer,
    expectedToolName: input.expectedTool,
    // A negative case's `{}` (accepted by the schema) is stored as null, as the editor sends it.
    expectedParameters: input.expectedTool === null && isNoParameters(input.expectedParameters) ? null : input.expectedParameters,
    argumentMatching: input.argumentMatching ?? 'strict',
    ...sequence,
  };
}

/** The sequence columns; expected_calls is kept only for two or more calls (the pair holds one). */
async function sequenceValues(input: TestCaseInput, servers: McpServerRow[]): Promise<Partial<TestCaseValues>> {
  await assertSequenceTools(input, servers);
  return {
    context: input.context?.length ? input.context : null,
    expectedCalls: input.expectedCalls && input.expectedCalls.length > 1 ? input.expectedCalls : null,
    callOrder: input.callOrder ?? 'exact',
    forbiddenTools: input.forbiddenTools?.length ? input.forbiddenTools : null,
    mode: input.mode ?? 'selection',
    maxSteps: input.maxSteps ?? MAX_STEPS_DEFAULT,
    execute: input.execute ?? 'none',
    mockResults: input.mockResults?.length ? input.mockResults : null,
  };
}

/** Names identify cases in lists, reports and imports: a second "Weather in Oslo" (in any letter case) is a 409. */
export async function assertTestCaseNameFree(name: string, exceptId?: string): Promise<void> {
  const taken = await findTestCaseByName(name, exceptId);
  if (taken) {
    throw new ConflictError(`A test case named "${taken.name}" already exists: choose another name`, { field: 'name', value: name, testCaseId: taken.id }, 'name_conflict');
  }
}

/** allowDuplicateName: for the CLI, whose suites are re-run on the same data directory and find their own cases again. */
export async function createTestCase(input: TestCaseInput, options: { allowDuplicateName?: boolean } = {}): Promise<TestCaseDto> {
  if (!options.allowDuplicateName) await assertTestCaseNameFree(input.name);
  const servers = await resolveServerIds(input.serverIds);
  await assertArgumentTypes(mirrorFirstCall(input), servers);
  return toTestCaseDto(await insertTestCase(await toTestCaseValues(input, servers), servers.map((s) => s.id), input.tags ?? []));
}

/** Merges the patch into the stored case and validates the result as a whole. */
export async function updateTestCase(id: string, patch: TestCasePatch): Promise<TestCaseDto> {
  const { id: _id, servers: _servers, createdAt: _c, updatedAt: _u, ...stored } = toTestCaseDto(await requireTestCase(id));
  const merged = mirrorFirstCall(parseWith(TestCaseInputSchema, mergeExpectation(stored, patch)));
  if (merged.name.trim().toLowerCase() !== stored.name.trim().toLowerCase()) await assertTestCaseNameFree(merged.name, id);
  const servers = await resolveServerIds(merged.serverIds);
  await assertArgumentTypes(merged, servers);
  const row = await updateTestCaseRow(id, await toTestCaseValues(merged, servers), servers.map((s) => s.id), merged.tags);
  if (!row) throw new NotFoundError('Test case', id);
  return toTestCaseDto(row);
}

/**
 * A patch names the expectation one way: a patch of the pair (today's clients) replaces a
 * stored single call; a patch of expectedCalls replaces the pair. Patching the pair of a case
 * with several expected calls is refused by the schema (it no longer mirrors the first call).
 */
function mergeExpectation(stored: Omit<TestCaseDto, 'id' | 'servers' | 'createdAt' | 'updatedAt'>, patch: TestCasePatch): Record<string, unknown> {
  const pairPatched = 'expectedServer' in patch || 'expectedTool' in patch || 'expectedParameters' in patch;
  const merged: Record<string, unknown> = { ...stored, ...patch };
  if ('expectedCalls' in patch && !pairPatched) {
    merged.expectedServer = null;
    merged.expectedTool = null;
    merged.expectedParameters = null;
  } else if (pairPatched && !('expectedCalls' in patch) && stored.expectedCalls.length <= 1) {
    merged.expectedCalls = null;
  }
  // A selection case takes none of the loop's fields: those the patch does not give go back to
  // their defaults (a case switched to selection, or one stored before they were refused).
  if (merged.mode === 'selection') {
    for (const field of SEQUENCE_ONLY_FIELDS) if (!(field in patch)) delete merged[field];
  }
  return merged;
}

export async function assertNoActiveRuns(testCaseIds: string[]): Promise<void> {
  const active = await countActiveRuns(testCaseIds);
  if (active > 0) {
    throw new ConflictError(`${active} run(s) of this test case are still in progress: cancel their batch or wait for it to finish`, { activeRuns: active }, 'runs_in_progress');
  }
}

export async function deleteTestCase(id: string): Promise<void> {
  await assertNoActiveRuns([id]);
  if (!(await deleteTestCaseRow(id))) throw new NotFoundError('Test case', id);
}
