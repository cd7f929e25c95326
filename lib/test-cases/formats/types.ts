import type { ArgumentMatchingId } from '@/db/schema';
import type { SequenceRecordFields } from './sequence';

/** Ids as a tuple so routes can build `z.enum(TEST_CASE_FORMAT_IDS)`; registry.ts must cover each one. */
export const TEST_CASE_FORMAT_IDS = ['json', 'jsonl', 'csv'] as const;

/** One test case as it travels through an import or export file (servers and expectedServer are names, not ids). */
export type TestCaseRecord = {
  name: string;
  query: string;
  servers: string[];
  expectedServer: string | null;
  expectedTool: string | null;
  expectedParameters: Record<string, unknown> | null;
  /** Absent in files written before profiles: imports read that as 'strict'. */
  argumentMatching?: ArgumentMatchingId;
  /** Absent in files written before tags: imports read that as none. */
  tags?: string[];
} & SequenceRecordFields;

/** One row of an import: either the raw object to validate later, or why the row could not even be read. */
export type ParsedRow = { row: number; value: Record<string, unknown> } | { row: number; error: string };

export type TestCaseFormatId = (typeof TEST_CASE_FORMAT_IDS)[number];

export type TestCaseFormat = {
  id: TestCaseFormatId;
  description: string;
  /** Value for the Content-Type header of an export. */
  contentType: string;
  /** Without the leading dot. */
  fileExtension: string;
  /** Throws ValidationError('invalid_document') only when the document as a whole is unreadable. */
  parse(text: string): ParsedRow[];
  serialize(records: TestCaseRecord[]): string;
};
