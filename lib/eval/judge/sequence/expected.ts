import type { ExpectedCall } from '@/lib/eval/sequence/types';

type CaseExpectation = {
  expectedCalls?: ExpectedCall[] | null;
  expectedMcpServerName?: string | null;
  expectedToolName?: string | null;
  expectedParameters?: Record<string, unknown> | null;
};

/**
 * The calls a case expects: its expectedCalls list, else its one expected pair (today's cases),
 * else none (a negative case).
 */
export function effectiveExpectedCalls(tc: CaseExpectation): ExpectedCall[] {
  if (tc.expectedCalls) return tc.expectedCalls;
  if (tc.expectedMcpServerName && tc.expectedToolName) {
    return [{ server: tc.expectedMcpServerName, tool: tc.expectedToolName, ...(tc.expectedParameters ? { arguments: tc.expectedParameters } : {}) }];
  }
  return [];
}
