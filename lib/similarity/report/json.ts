import type { ReportFormat } from './types';

export const jsonReport: ReportFormat = {
  id: 'json',
  description: 'The analysis as JSON (the analyze response, with recommendations and the heatmap overlap matrix)',
  contentType: 'application/json; charset=utf-8',
  fileExtension: 'json',
  render(data) {
    return `${JSON.stringify({ generatedAt: data.generatedAt, ...data.result, overlap: data.heatmap }, null, 2)}\n`;
  },
};
