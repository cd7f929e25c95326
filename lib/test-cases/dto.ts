import type { TestCaseWithServers } from '@/db/queries/test-cases';
import type { ArgumentMatchingId } from '@/db/schema';

export type TestCaseDto = {
  id: string;
  name: string;
  query: string;
  serverIds: string[];
  servers: { id: string; name: string }[];
  /** Server name, or null for a negative case. */
  expectedServer: string | null;
  expectedTool: string | null;
  expectedParameters: Record<string, unknown> | null;
  /** How the arguments are compared: 'strict' or 'bfcl'. */
  argumentMatching: ArgumentMatchingId;
  /** Labels for filtering and run-by-tag, alphabetical. */
  tags: string[];
  createdAt: string;
  updatedAt: string;
};

export function toTestCaseDto(row: TestCaseWithServers): TestCaseDto {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    serverIds: row.servers.map((s) => s.id),
    servers: row.servers,
    expectedServer: row.expectedMcpServerName,
    expectedTool: row.expectedToolName,
    expectedParameters: row.expectedParameters ?? null,
    argumentMatching: row.argumentMatching,
    tags: row.tags,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
