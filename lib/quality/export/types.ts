import type { LintReport } from '../lint';

/** An export of a lint report: one file per format, one row in registry.ts. */
export type LintExport = {
  id: 'json' | 'sarif' | 'md';
  description: string;
  contentType: string;
  fileExtension: string;
  render(report: LintReport): string;
};
