import type { Suite } from '../suite/schema';

/** A file given on the command line: its name (for messages) and its text. */
export type SourceFile = { name: string; text: string };

/**
 * What an importer makes of its files: the suite's servers and cases, and per entry what became
 * of it (one "imported" entry per test case, in the same order). "already imported" comes from
 * mergeIntoSuite, when the suite file written to holds the case already.
 */
export type ImportedSuite = {
  servers: Suite['servers'];
  testCases: Suite['testCases'];
  argumentMatching: 'strict' | 'bfcl';
  report: { id: string | null; status: 'imported' | 'already imported' | 'skipped'; reason: string }[];
};
