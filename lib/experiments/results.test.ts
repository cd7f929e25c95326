import { describe, expect, it } from 'vitest';
import type { JudgedRun } from '@/db/queries/experiments';
import { aggregateStatus, changedTools, sumCounts } from './dto';
import { compareVariant, estimateMetrics, offDiagonal } from './results';

function run(testCaseId: string, classification: JudgedRun['classification'], extra: Partial<JudgedRun> = {}): JudgedRun {
  const expected = classification === 'TP' || classification === 'FN' ? { expectedServer: 's', expectedTool: 'a' } : { expectedServer: null, expectedTool: null };
  const selected = classification === 'TP' ? { selectedServer: 's', selectedTool: 'a' } : classification === 'FN' ? { selectedServer: 's', selectedTool: 'b' } : classification === 'FP' ? { selectedServer: 's', selectedTool: 'a' } : { selectedServer: null, selectedTool: null };
  return { runId: `${testCaseId}-${extra.model ?? 'm'}`, testCaseId, testCaseName: `name of ${testCaseId}`, provider: 'openai', model: 'm', baseUrl: null, systemPrompt: null, temperature: 0, timeout: 30, maxRetries: 3, classification, ...expected, ...selected, ...extra };
}

describe('aggregateStatus', () => {
  it.each([
    [[], 'pending'],
    [['pending', 'pending'], 'pending'],
    [['completed', 'pending'], 'running'],
    [['running', 'completed'], 'running'],
    [['completed', 'completed'], 'completed'],
    [['completed', 'failed'], 'failed'],
    [['failed', 'interrupted'], 'interrupted'],
    [['interrupted', 'cancelled', 'completed'], 'cancelled'],
  ] as const)('%j -> %s', (statuses, expected) => {
    expect(aggregateStatus(statuses)).toBe(expected);
  });
});

describe('estimateMetrics', () => {
  it('is null without judged runs', () => {
    expect(estimateMetrics([])).toBeNull();
  });

  it('counts verdicts and gives Wilson intervals for proportions, a bootstrap one for F1', () => {
    const m = estimateMetrics([run('1', 'TP'), run('2', 'TP'), run('3', 'FN'), run('4', 'TN'), run('5', 'FP')])!;
    expect(m.counts).toEqual({ tp: 2, fp: 1, tn: 1, fn: 1, total: 5 });
    expect(m.precision.value).toBeCloseTo(2 / 3, 12);
    expect(m.recall.value).toBeCloseTo(2 / 3, 12);
    expect(m.accuracy.value).toBeCloseTo(3 / 5, 12);
    expect(m.f1.value).toBeCloseTo(4 / 6, 12);
    for (const e of [m.precision, m.recall, m.accuracy, m.f1]) {
      expect(e.low!).toBeLessThanOrEqual(e.value!);
      expect(e.high!).toBeGreaterThanOrEqual(e.value!);
    }
    expect(m.precision.method).toMatch(/Wilson/);
    expect(m.f1.method).toMatch(/bootstrap/);
  });

  it('gives specificity TN / (TN + FP) with a Wilson interval, as the metrics summary defines it', () => {
    const m = estimateMetrics([run('1', 'TP'), run('2', 'TN'), run('3', 'TN'), run('4', 'TN'), run('5', 'FP')])!;
    expect(m.specificity.value).toBeCloseTo(3 / 4, 12);
    expect(m.specificity.method).toMatch(/Wilson/);
    expect(m.specificity.low!).toBeLessThan(0.75);
    expect(m.specificity.high!).toBeGreaterThan(0.75);
    expect(estimateMetrics([run('1', 'TP')])!.specificity).toMatchObject({ value: null, low: null, high: null });
  });

  it('leaves a metric with nothing to divide by null, interval included', () => {
    const m = estimateMetrics([run('1', 'TN')])!;
    expect(m.precision).toMatchObject({ value: null, low: null, high: null });
    expect(m.accuracy.value).toBe(1);
  });
});

describe('compareVariant', () => {
  it('pairs by case and model, names the flipped cases and their model, and ignores unpaired units', () => {
    const baseline = [run('1', 'FN'), run('2', 'TP'), run('3', 'TP'), run('1', 'TP', { model: 'other' }), run('gone', 'TP')];
    const variant = [run('1', 'TP'), run('2', 'FN'), run('3', 'TP'), run('1', 'TP', { model: 'other' })];
    const c = compareVariant(baseline, variant);
    expect(c.flipped.fixed).toEqual([{ testCaseId: '1', testCaseName: 'name of 1', model: 'openai/m', before: 'FN', after: 'TP' }]);
    expect(c.flipped.regressed).toEqual([{ testCaseId: '2', testCaseName: 'name of 2', model: 'openai/m', before: 'TP', after: 'FN' }]);
    expect(c.metrics.accuracy).toMatchObject({ delta: 0, outcome: 'too_few_cases' });
  });

  it('compares specificity on the no-tool cases only, pairing them like accuracy (exact McNemar)', () => {
    const ids = Array.from({ length: 10 }, (_, i) => `n${i}`);
    // Ten no-tool cases the model wrongly answered with a tool, all left alone after; the tool cases regress, which specificity must not see.
    const baseline = [...ids.map((id) => run(id, 'FP')), run('t1', 'TP'), run('t2', 'TP')];
    const variant = [...ids.map((id) => run(id, 'TN')), run('t1', 'FN'), run('t2', 'FN')];
    const c = compareVariant(baseline, variant);
    expect(c.metrics.specificity).toMatchObject({ delta: 1, outcome: 'improved' });
    expect(c.metrics.specificity.pValue!).toBeCloseTo(2 / 1024, 12);
    expect(c.metrics.specificity.method).toBe(c.metrics.accuracy.method);
    // No no-tool case at all: nothing to compare, never an error.
    const none = compareVariant([run('t1', 'TP')], [run('t1', 'FN')]);
    expect(none.metrics.specificity.delta ?? 0).toBe(0);
    expect(none.metrics.specificity.outcome).not.toBe('improved');
  });

  it('a different model setting is a different unit', () => {
    const c = compareVariant([run('1', 'FN')], [run('1', 'TP', { temperature: 0.5 })]);
    expect(c.flipped).toEqual({ fixed: [], regressed: [] });
  });
});

describe('offDiagonal', () => {
  it('counts only mistakes, with null for "no tool", most frequent first', () => {
    const cells = offDiagonal([run('1', 'TP'), run('2', 'FN'), run('3', 'FN'), run('4', 'FP'), run('5', 'TN'), run('6', 'FN', { selectedServer: null, selectedTool: null })]);
    expect(cells).toEqual([
      { expected: { server: 's', tool: 'a' }, selected: { server: 's', tool: 'b' }, count: 2 },
      { expected: null, selected: { server: 's', tool: 'a' }, count: 1 },
      { expected: { server: 's', tool: 'a' }, selected: null, count: 1 },
    ]);
  });
});

describe('changedTools and sumCounts', () => {
  it('shows each changed tool before and after, from the baseline listing', () => {
    const baseline = { s: [{ name: 'a', description: 'old', inputSchema: { type: 'object' } }] };
    expect(changedTools([{ server: 's', tool: 'a', name: 'b' }, { server: 's', tool: 'a', description: 'new' }], baseline)).toEqual([
      { server: 's', name: 'b', originalName: 'a', description: 'old', originalDescription: 'old' },
      { server: 's', name: 'a', originalName: 'a', description: 'new', originalDescription: 'old' },
    ]);
  });

  it('adds progress counts', () => {
    const one = { total: 3, pending: 1, running: 1, completed: 1, failed: 0, cancelled: 0 };
    expect(sumCounts([one, { ...one, failed: 2, total: 5 }])).toEqual({ total: 8, pending: 2, running: 2, completed: 2, failed: 2, cancelled: 0 });
  });
});
