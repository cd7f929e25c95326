import type { Suite } from '../suite/schema';

/** A file given on the command line: its name (for messages) and its text. */
export type SourceFile = { name: string; text: string };

/** What an importer makes of its files: the suite's servers and cases, and per entry what became of it. */
export type ImportedSuite = {
  servers: Suite['servers'];
  testCases: Suite['testCases'];
  argumentMatching: 'strict' | 'bfcl';
  report: { id: string | null; status: 'imported' | 'skipped'; reason: string }[];
};
