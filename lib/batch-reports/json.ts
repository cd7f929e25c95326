import type { BatchReportFormat } from './types';

/** The report data as it is: `version` says the shape (BATCH_REPORT_VERSION), every run included. */
export const jsonReport: BatchReportFormat = {
  id: 'json',
  description: 'JSON (versioned): the batch, its metrics summary and every run',
  contentType: 'application/json; charset=utf-8',
  fileExtension: 'json',
  *render(data) {
    const { runs, ...head } = data;
    // Runs one by one, so a batch of 10,000 never becomes one string.
    const opening = JSON.stringify({ ...head, runs: [] });
    yield opening.slice(0, -2);
    for (let i = 0; i < runs.length; i++) yield `${i ? ',' : ''}${JSON.stringify(runs[i])}`;
    yield ']}';
  },
};
