import { jsonExport } from './json';
import { mdExport } from './md';
import { sarifExport } from './sarif';
import type { LintExport } from './types';

/** Every export format of the lint, one row each; ids match LINT_FORMATS in ../schemas. */
export const LINT_EXPORTS = { json: jsonExport, sarif: sarifExport, md: mdExport } as const satisfies Record<LintExport['id'], LintExport>;
