import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BatchComparison, MetricsSummary } from '@/components/data/types';
import { DeltaTable } from './delta-table';

const rates = (tp: number, fp: number, tn: number, fn: number) => {
  const total = tp + fp + tn + fn;
  return {
    counts: { tp, fp, tn, fn, total },
    precision: tp + fp ? tp / (tp + fp) : null,
    recall: tp + fn ? tp / (tp + fn) : null,
    f1: 2 * tp + fp + fn ? (2 * tp) / (2 * tp + fp + fn) : null,
    accuracy: total ? (tp + tn) / total : null,
    specificity: tn + fp ? tn / (tn + fp) : null,
  };
};

function summary(tp: number, fp: number, tn: number, fn: number, p50: number): MetricsSummary {
  return {
    ...rates(tp, fp, tn, fn),
    parameters: { completeness: null, correctness: null, typeConformance: null, measuredRuns: 0 },
    confidence: { robust: 0, misleading: 0, needsClarity: 0, unrated: 0, average: null },
    passK: null,
    latency: { p50, p95: p50, mean: p50 },
    tokens: { input: 0, output: 0, total: 0 },
    runs: { completed: tp + fp + tn + fn, failed: 0, total: tp + fp + tn + fn },
    byTool: [],
    byModel: [],
    byDay: [],
    confusionMatrix: { labels: [], cells: [] } as unknown as MetricsSummary['confusionMatrix'],
    calls: null,
    experimentsLeftOut: { batches: 0, runs: 0 },
  };
}

const deltas = (d: Partial<BatchComparison['deltas']>): BatchComparison['deltas'] => ({
  precision: null, recall: null, f1: null, accuracy: null, specificity: null, parameterCompleteness: null, parameterCorrectness: null,
  typeConformance: null, confidenceAverage: null, passKRate: null, latencyP50: null, latencyP95: null, latencyMean: null, tokensTotal: null, ...d,
});

function comparison(onlyA: number): BatchComparison {
  return {
    a: summary(4, 0, 0, 4, 100),
    b: summary(4, 0, 0, 0, 300),
    // Shared units: 4 of 4 right on both sides; the whole batches: 4 of 8 against 4 of 4.
    deltas: deltas({ accuracy: 0, latencyP50: 200 }),
    batchDeltas: deltas({ accuracy: 0.5, latencyP50: 200 }),
    shared: { units: 4, onlyA, onlyB: 0, a: rates(4, 0, 0, 0), b: rates(4, 0, 0, 0) },
    cases: [],
    changes: { regressed: 0, fixed: 0, changed: 0, added: 0, removed: 0, same: 4 },
    significance: {} as BatchComparison['significance'],
    sharedCases: { shared: 4, added: 0, removed: 0, units: 4, changedUnits: 0, warning: null },
  };
}

const render = (c: BatchComparison) => renderToStaticMarkup(createElement(DeltaTable, { comparison: c }));
const row = (html: string, key: string) => html.slice(html.indexOf(`data-testid="delta-${key}"`)).split('</tr>')[0] ?? '';

describe('DeltaTable', () => {
  it('labels the shared units and the whole batch apart when the batches ran different units', () => {
    const html = render(comparison(4));
    expect(html).toContain('data-split="true"');
    expect(html).toContain('Shared units (4 case x model)');
    expect(html).toContain('Whole batch');
    const accuracy = row(html, 'accuracy');
    // Shared: 100.0% and 100.0%, no change; whole batch: 50.0% against 100.0%, +50 pp.
    expect(accuracy).toMatch(/100\.0%.*100\.0%.*data-testid="delta-value">0\.0 pp.*50\.0%.*100\.0%.*data-testid="delta-batch-value">\+50\.0 pp/);
    // A metric the units do not count is shown for the whole batch only.
    expect(row(html, 'latencyP50')).toMatch(/not counted per case x model unit.*data-testid="delta-batch-value">\+200 ms/);
    expect(row(html, 'latencyP50')).not.toContain('data-testid="delta-value"');
  });

  it('keeps one A, B and change per metric when both batches ran the same units', () => {
    const html = render(comparison(0));
    expect(html).not.toContain('data-split');
    expect(html).not.toContain('Whole batch');
    expect(row(html, 'accuracy')).toMatch(/50\.0%.*100\.0%.*data-testid="delta-value">0\.0 pp/);
  });
});
