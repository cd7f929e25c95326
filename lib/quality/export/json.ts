import type { LintExport } from './types';

export const jsonExport: LintExport = {
  id: 'json',
  description: 'The lint report as returned by the API.',
  contentType: 'application/json; charset=utf-8',
  fileExtension: 'json',
  render: (report) => JSON.stringify(report, null, 2),
};
