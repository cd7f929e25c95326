import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { findTestCaseByName, getTestCase } from '@/db/queries/test-cases';
import { toTestCaseDto, type TestCaseDto } from '../test-cases/dto';
import type { TestCaseInput } from '../test-cases/schemas';

/** JSON's view of a value: undefined members dropped, so stored and fresh values compare alike. */
const plain = (value: unknown): unknown => (value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown));
const same = (a: unknown, b: unknown): boolean => isDeepStrictEqual(plain(a), plain(b));

/** Whether the stored case says what the import would create: same query, servers, expectation and matching. */
function sameCase(stored: TestCaseDto, input: TestCaseInput): boolean {
  const sequence = (input.expectedCalls?.length ?? 0) > 1;
  return (
    stored.query === input.query &&
    same(stored.serverIds, input.serverIds) &&
    stored.expectedServer === (input.expectedServer ?? null) &&
    stored.expectedTool === (input.expectedTool ?? null) &&
    same(stored.expectedParameters, input.expectedParameters ?? null) &&
    stored.argumentMatching === (input.argumentMatching ?? 'strict') &&
    stored.mode === (input.mode ?? 'selection') &&
    (!sequence || (stored.callOrder === (input.callOrder ?? 'exact') && same(stored.expectedCalls, input.expectedCalls)))
  );
}

/**
 * An import run again on the same files: the id of the stored case with this name when it is
 * the same case (an earlier import of it), else null. A different case under the name is left
 * to createTestCase, whose name conflict then says so.
 */
export async function alreadyImportedCaseId(input: TestCaseInput): Promise<string | null> {
  const taken = await findTestCaseByName(input.name);
  if (!taken) return null;
  const row = await getTestCase(taken.id);
  return row && sameCase(toTestCaseDto(row), input) ? row.id : null;
}
