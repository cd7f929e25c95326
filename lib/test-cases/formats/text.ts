import { sequenceRecordFields } from './sequence';
import type { TestCaseRecord } from './types';

// Shared by the format parsers: editors on Windows save UTF-8 with a byte-order mark.
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fixed key order, and drops whatever else a caller's row object carries (ids, timestamps). */
export function toPlainRecord(r: TestCaseRecord): TestCaseRecord {
  return {
    name: r.name,
    query: r.query,
    servers: r.servers,
    expectedServer: r.expectedServer,
    expectedTool: r.expectedTool,
    expectedParameters: r.expectedParameters,
    argumentMatching: r.argumentMatching ?? 'strict',
    // Written only when there are some, so untagged exports read as before.
    ...(r.tags?.length ? { tags: r.tags } : {}),
    // Likewise the sequence fields (issue 17): only values that differ from a selection case's.
    ...sequenceRecordFields(r),
  };
}
