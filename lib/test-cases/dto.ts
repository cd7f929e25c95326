import type { TestCaseWithServers } from '@/db/queries/test-cases';
import type { ArgumentMatchingId } from '@/db/schema';
import { effectiveExpectedCalls } from '@/lib/eval/judge/sequence/expected';
import type { CallOrder, CaseMode, ContextTurn, ExecutePolicy, ExpectedCall, MockResult } from '@/lib/eval/sequence/types';

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
  /** Issue 17. The expected calls: the stored list, else the pair as one call, else [] (a negative case). */
  expectedCalls: ExpectedCall[];
  callOrder: CallOrder;
  context: ContextTurn[] | null;
  forbiddenTools: { server: string; tool: string }[] | null;
  mode: CaseMode;
  maxSteps: number;
  execute: ExecutePolicy;
  mockResults: MockResult[] | null;
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
    expectedCalls: effectiveExpectedCalls(row),
    callOrder: row.callOrder,
    context: row.context ?? null,
    forbiddenTools: row.forbiddenTools ?? null,
    mode: row.mode,
    maxSteps: row.maxSteps,
    execute: row.execute,
    mockResults: row.mockResults ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
