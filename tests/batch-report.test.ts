import { beforeAll, describe, expect, it } from 'vitest';
import * as reportRoute from '@/app/api/batches/[id]/report/route';
import { prepareDatabase } from '@/db/client';
import type { BatchReportData } from '@/lib/batch-reports/types';
import { call } from './helpers/api';
import { createRunWriter, type Tool } from './helpers/synthetic-runs';

type ErrorBody = { error: { code: string; message: string } };

const a: Tool = { server: 'srv', name: 'get_sum' };
const b: Tool = { server: 'srv', name: 'get_product' };
let batchId = '';

beforeAll(async () => {
  await prepareDatabase();
  const w = createRunWriter();
  const good = w.testCase({ name: 'adds numbers', expected: a });
  const evil = w.testCase({ name: '=cmd|"/c calc"!A1 <script>x</script>', expected: a });
  const negative = w.testCase({ name: 'chit-chat', expected: null });
  const m1 = w.modelSettings({ provider: 'local', model: 'tfidf' });
  const m2 = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
  batchId = w.batch({ name: 'Nightly / v2' });
  w.run({ batchId, modelSettingsId: m1, testCaseId: good, selected: a, correctness: 1, confidence: 0.9, category: 'robust' });
  w.run({ batchId, modelSettingsId: m1, testCaseId: evil, selected: b, confidence: 0.8, category: 'misleading' });
  w.run({ batchId, modelSettingsId: m1, testCaseId: negative, selected: null });
  w.run({ batchId, modelSettingsId: m2, testCaseId: good, status: 'failed', errorMessage: 'upstream 503' });
  await w.flush();
});

const get = (id: string, format?: string) =>
  call<ErrorBody & BatchReportData>(reportRoute.GET, 'GET', `/api/batches/${id}/report`, { params: { id }, query: format === undefined ? {} : { format } });

describe('GET /api/batches/{id}/report', () => {
  it('answers 404 for an unknown batch and 400 naming the known formats for an unknown one', async () => {
    const missing = await get('nope', 'json');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const bad = await get(batchId, 'pdf');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('unknown_format');
    expect(bad.body.error.message).toContain('html, md, csv, json');
  });

  it('serves each format with its content type and an attachment file name from the batch name', async () => {
    const expected = { html: 'text/html', md: 'text/markdown', csv: 'text/csv', json: 'application/json' } as const;
    for (const [format, type] of Object.entries(expected)) {
      const res = await get(batchId, format);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="batch-report-Nightly-v2-${batchId.slice(0, 8)}.${format}"`);
    }
    const html = await get(batchId);
    expect(html.headers.get('content-type')).toContain('text/html');
  });

  it('reports the batch figures and every run, with absolute permalinks', async () => {
    const res = await get(batchId, 'json');
    const report = res.body;
    expect(report.version).toBe(1);
    expect(report.batch.url).toBe(`http://localhost/runs/batches/${batchId}`);
    expect(report.summary.counts).toEqual({ tp: 1, fp: 0, tn: 1, fn: 1, total: 3 });
    expect(report.runs).toHaveLength(4);
    const failed = report.runs.find((r) => r.status === 'failed');
    expect(failed?.error).toBe('upstream 503');
    expect(failed?.classification).toBeNull();
    const wrong = report.runs.find((r) => r.classification === 'FN');
    expect(wrong?.selected).toBe('srv/get_product');
    expect(wrong?.url).toBe(`http://localhost/runs/${wrong?.runId}`);
    expect(report.runs.find((r) => r.testCaseName === 'chit-chat')?.expected).toBe('none');
  });

  it('keeps the untrusted test case name inert in HTML and CSV', async () => {
    const html = (await get(batchId, 'html')).text;
    expect(html).not.toContain('<script>x</script>');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    const csv = (await get(batchId, 'csv')).text;
    expect(csv).toContain(`"'=cmd|""/c calc""!A1 <script>x</script>"`);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(5);
  });
});
