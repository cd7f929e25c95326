import 'server-only';
import { listTestCases, type TestCaseFilter } from '@/db/queries/test-cases';
import { toTestCaseDto } from './dto';
import { getTestCaseFormat } from './formats/registry';
import type { TestCaseFormatId, TestCaseRecord } from './formats/types';

export const MAX_EXPORT_ROWS = 100_000;

/** Exports name servers rather than ids so that a file imports into another installation. */
export async function exportTestCases(filter: TestCaseFilter, formatId: TestCaseFormatId): Promise<{ body: string; contentType: string; fileName: string }> {
  const format = getTestCaseFormat(formatId);
  const { rows } = await listTestCases({ ...filter, limit: MAX_EXPORT_ROWS, offset: 0 });
  // oldest first, so an import recreates them in the same order
  const records: TestCaseRecord[] = rows.reverse().map((row) => {
    const { name, query, servers, expectedServer, expectedTool, expectedParameters, argumentMatching, tags, ...dto } = toTestCaseDto(row);
    const { context, expectedCalls, callOrder, forbiddenTools, mode, maxSteps, execute, mockResults } = dto;
    const sequence = { context, expectedCalls, callOrder, forbiddenTools, mode, maxSteps, execute, mockResults };
    return { name, query, servers: servers.map((s) => s.name), expectedServer, expectedTool, expectedParameters, argumentMatching, tags, ...sequence };
  });
  return { body: format.serialize(records), contentType: format.contentType, fileName: `test-cases.${format.fileExtension}` };
}
