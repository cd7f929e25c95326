import { describe, expect, it } from 'vitest';
import type { MetricsSummary } from '../metrics/summary';
import { csvReport, CSV_COLUMNS } from './csv';
import { htmlReport, HTML_MAX_RUNS } from './html';
import { jsonReport } from './json';
import { markdownReport } from './md';
import { BATCH_REPORT_FORMATS, getBatchReportFormat } from './registry';
import { BATCH_REPORT_FORMAT_IDS, type BatchReportData, type BatchReportRun } from './types';

const EVIL = '<script>alert(1)</script>"\'&';

function summary(): MetricsSummary {
  const counts = { tp: 2, fp: 1, tn: 0, fn: 1, total: 4 };
  return {
    counts,
    precision: 2 / 3,
    recall: 2 / 3,
    f1: 2 / 3,
    accuracy: 0.5,
    specificity: 0,
    parameters: { completeness: 1, correctness: 0.75, typeConformance: 1, measuredRuns: 2 },
    confidence: { robust: 1, misleading: 1, needsClarity: 2, unrated: 0, average: 0.6 },
    passK: null,
    latency: { p50: 10, p95: 20, mean: 12 },
    tokens: { input: 0, output: 0, total: 0 },
    runs: { completed: 4, failed: 1, total: 5 },
    byTool: [],
    byModel: [{ provider: 'local', model: `m${EVIL}`, counts, precision: 2 / 3, recall: 0.5, f1: 0.571, accuracy: 0.5, specificity: 0, meanLatencyMs: 12, tokens: { input: 0, output: 0, total: 0 } }],
    byDay: [],
    confusionMatrix: { labels: ['s/a', 's/b', 'none'], cells: [{ expected: 's/a', selected: `s/${EVIL}`, count: 3 }, { expected: 's/a', selected: 's/a', count: 9 }] },
    calls: null,
    experimentsLeftOut: { batches: 0, runs: 0 },
  };
}

function run(over: Partial<BatchReportRun> = {}): BatchReportRun {
  return {
    runId: 'r1', url: 'http://app/runs/r1', testCaseId: 'c1', testCaseName: 'case one', provider: 'local', model: 'm',
    status: 'completed', classification: 'FN', expected: 's/a', selected: 's/b', confidence: 0.25, confidenceSource: 'self_assessment', confidenceCategory: 'needs_clarity',
    argumentScore: null, passK: null, samples: 1, steps: null, calls: null, latencyMs: 7, error: null, reasoning: null, createdAt: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}

function data(runs: BatchReportRun[]): BatchReportData {
  return {
    version: 1,
    generatedAt: '2025-01-02T00:00:00.000Z',
    batch: { id: 'b1', name: `Batch ${EVIL}`, status: 'completed', models: [], samples: 1, concurrency: 4, counts: { total: 1, pending: 0, running: 0, completed: 1, failed: 0, cancelled: 0 }, errorMessage: null, createdAt: '2025-01-01T00:00:00.000Z', startedAt: null, completedAt: null, url: 'http://app/runs/batches/b1' },
    summary: summary(),
    runs,
  };
}

const text = (parts: Iterable<string>) => [...parts].join('');

describe('batch report registry', () => {
  it('has one exporter per format id, and names the known ones for an unknown id', () => {
    expect(Object.keys(BATCH_REPORT_FORMATS).sort()).toEqual([...BATCH_REPORT_FORMAT_IDS].sort());
    for (const id of BATCH_REPORT_FORMAT_IDS) expect(getBatchReportFormat(id).id).toBe(id);
    expect(() => getBatchReportFormat('pdf')).toThrow(/known formats: html, md, csv, json/);
  });
});

describe('HTML batch report', () => {
  const runs = [run({ testCaseName: EVIL, reasoning: `closest ${EVIL}`, error: `<img src=x onerror=alert(1)>`, selected: `s/${EVIL}` })];
  const html = text(htmlReport.render(data(runs)));

  it('escapes every untrusted value: no tag from a case name, model name, reasoning or error survives', () => {
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    expect(html).toContain('closest &lt;script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('is standalone, follows the colour scheme, and draws the per-model and confusion charts with their values', () => {
    expect(html).toMatch(/Content-Security-Policy" content="default-src &#39;none&#39;/);
    expect(html).toContain('@media (prefers-color-scheme:dark)');
    expect(html).not.toMatch(/<script|<link /);
    expect(html.match(/<svg /g)).toHaveLength(2);
    expect(html).toContain('Precision 66.7%');
    expect(html).toContain('Recall 50.0%');
    expect(html).toContain('FN 1 (25.0%)');
    expect(html).toContain('<td class="num">3</td>'); // the mis-selection count
    expect(html).toContain('href="http://app/runs/r1"');
    expect(html).toContain('FN (wrong)');
  });

  it('lists only the runs that are not correct when there are too many to show', () => {
    const many = Array.from({ length: HTML_MAX_RUNS + 5 }, (_, i) => run({ runId: `r${i}`, classification: i < 3 ? 'FN' : 'TP', testCaseName: `case-${i}` }));
    const page = text(htmlReport.render(data(many)));
    expect(page).toContain(`${HTML_MAX_RUNS + 5} runs: the 3 that are not correct are listed`);
    expect(page).toContain('case-2<');
    expect(page).not.toContain('case-3<');
  });
});

describe('Markdown batch report', () => {
  it('escapes Markdown and HTML in names so a case cannot format, link or break the table', () => {
    const md = text(markdownReport.render(data([run({ testCaseName: 'a | b [x](http://evil) <b>', selected: null, classification: null, status: 'failed' })])));
    expect(md).toContain('a \\| b \\[x\\]\\(http://evil\\) &lt;b&gt;');
    expect(md).toContain('# Batch report: Batch &lt;script&gt;');
    expect(md).toContain('| 66.7% | 66.7% | 66.7% | 50.0% | 75.0% | 4 of 1 |');
    expect(md).toMatch(/\| failed \| s\/a \| — \| 25\.0% \(self-reported\) \| — \|\n/);
    expect(md).toContain("Where each confidence comes from: self-reported: from the model's self-assessment");
  });
});

describe('CSV batch report', () => {
  it('writes one row per run, numbers as numbers, and guards cells that spreadsheets would run as formulas', () => {
    const csv = text(csvReport.render(data([run({ testCaseName: '=HYPERLINK("http://x")', error: '+1', model: '@sum', reasoning: 'x' }), run({ runId: 'r2', classification: 'TP', selected: 's/a', argumentScore: 0.5 })])));
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain(",'@sum,");
    expect(lines[1]).toContain(",'+1,");
    expect(lines[1]).toContain(',FN,false,s/a,s/b,0.25,self_assessment,needs_clarity,,,1,,,,,7,');
    expect(lines[2]).toContain(',TP,true,s/a,s/a,0.25,self_assessment,needs_clarity,0.5,,1,,,,,7,');
  });
});

describe('confidence sources and sequence runs in the reports', () => {
  const runs = [
    run({ runId: 'margin', confidence: 0.104, confidenceSource: 'local_margin', samples: 3 }),
    run({ runId: 'agree', provider: 'openai', confidence: 2 / 3, confidenceSource: 'sample_agreement', samples: 3 }),
    run({ runId: 'seq', provider: 'openai', classification: 'FN', confidence: null, confidenceSource: null, steps: 3, calls: { tp: 1, fp: 1, fn: 1 } }),
  ];
  const withCalls = (): BatchReportData => {
    const d = data(runs);
    d.summary.calls = {
      runs: 1, counts: { tp: 1, fp: 1, fn: 1 }, precision: 0.5, recall: 0.5, f1: 0.5, argumentCorrectness: 1,
      perCase: { ...d.summary, counts: { tp: 0, fp: 0, tn: 0, fn: 1, total: 1 }, accuracy: 0, steps: { mean: 3, max: 3 }, tokensMean: 10, latencyMeanMs: 5 },
    } as unknown as NonNullable<MetricsSummary['calls']>;
    return d;
  };

  it('names the source beside each confidence and lists the sources in view (HTML, Markdown)', () => {
    const html = text(htmlReport.render(withCalls()));
    expect(html).toContain('10.4% (router margin)');
    expect(html).toContain('66.7% (sample agreement)');
    expect(html).toMatch(/Where each confidence comes from: sample agreement: from the agreement of its samples; router margin: from the local router&#39;s score margin/);
    const md = text(markdownReport.render(withCalls()));
    expect(md).toContain('| 10.4% (router margin) |');
    expect(md).not.toContain('self-reported');
  });

  it('gives a sequence run its per-call counts and steps, and the batch its per-call figures (HTML, Markdown, CSV, JSON)', () => {
    const html = text(htmlReport.render(withCalls()));
    expect(html).toContain('<th>Calls</th>');
    expect(html).toContain('<td class="num">1/2 calls, 1 extra, 3 steps</td>');
    expect(html).toContain('1 sequence run, per call: precision 50.0%, recall 50.0%, F1 50.0% (TP 1, FP 1, FN 1)');
    const md = text(markdownReport.render(withCalls()));
    expect(md).toContain('## Sequence runs');
    expect(md).toMatch(/\| — \| 1\/2 calls, 1 extra, 3 steps \|\n/);
    expect(md).toMatch(/\| 10\.4% \(router margin\) \| — \| — \|\n/);
    const csv = text(csvReport.render(withCalls())).trimEnd().split('\r\n');
    const col = (line: string | undefined, name: string) => line?.split(',')[CSV_COLUMNS.indexOf(name as (typeof CSV_COLUMNS)[number])];
    expect([col(csv[3], 'steps'), col(csv[3], 'callTP'), col(csv[3], 'callFP'), col(csv[3], 'callFN'), col(csv[3], 'confidenceSource')]).toEqual(['3', '1', '1', '1', '']);
    expect([col(csv[1], 'steps'), col(csv[1], 'callTP'), col(csv[1], 'confidenceSource')]).toEqual(['', '', 'local_margin']);
    const json = JSON.parse(text(jsonReport.render(withCalls()))) as BatchReportData;
    expect(json.runs[2]).toMatchObject({ steps: 3, calls: { tp: 1, fp: 1, fn: 1 } });
    expect(json.runs[0]?.confidenceSource).toBe('local_margin');
  });

  it('has no Calls column or sequence section without sequence runs', () => {
    const html = text(htmlReport.render(data([run()])));
    expect(html).not.toContain('<th>Calls</th>');
    expect(html).not.toContain('Sequence runs');
    expect(text(markdownReport.render(data([run()])))).not.toContain('Calls');
  });
});

describe('JSON batch report', () => {
  it('is versioned, valid JSON with every run, and keeps the untrusted text as data', () => {
    const runs = [run(), run({ runId: 'r2', testCaseName: EVIL })];
    const parsed = JSON.parse(text(jsonReport.render(data(runs)))) as BatchReportData;
    expect(parsed.version).toBe(1);
    expect(parsed.runs.map((r) => r.runId)).toEqual(['r1', 'r2']);
    expect(parsed.runs[1]?.testCaseName).toBe(EVIL);
    expect(parsed.summary.counts.total).toBe(4);
    const empty = JSON.parse(text(jsonReport.render(data([])))) as BatchReportData;
    expect(empty.runs).toEqual([]);
  });
});
