import { describe, expect, it } from 'vitest';
import type { MetricsSummary } from '@/components/data/types';
import { buildKpiGroups } from './kpi-list';

type Model = MetricsSummary['byModel'][number];
const model = (provider: string, name: string): Model => ({ provider, model: name, counts: { tp: 3, fp: 0, tn: 0, fn: 0, total: 3 } }) as unknown as Model;

function summary(byModel: Model[], passK: MetricsSummary['passK']): MetricsSummary {
  const total = byModel.length * 3;
  return {
    counts: { tp: total, fp: 0, tn: 0, fn: 0, total },
    runs: { failed: 0 },
    f1: 1, precision: 1, recall: 1, accuracy: 1, specificity: null,
    parameters: { completeness: 1, correctness: 1, typeConformance: 1, measuredRuns: total },
    confidence: { robust: total, misleading: 0, needsClarity: 0, unrated: 0, average: 0.7 },
    passK,
    latency: { p50: 10, p95: 20, mean: 12 },
    tokens: { total: 0, input: 0, output: 0 },
    byModel,
  } as unknown as MetricsSummary;
}

const confidenceHint = (s: MetricsSummary) => buildKpiGroups(s).flatMap((g) => g.items).find((k) => k.key === 'confidence')?.hint;

describe('the average confidence card', () => {
  it('names the local router margin for local runs, not a self-report', () => {
    expect(confidenceHint(summary([model('local', 'hybrid')], null))).toBe('Router margin, 0 to 1');
  });
  it('names each source the figures mix', () => {
    expect(confidenceHint(summary([model('local', 'hybrid'), model('openai', 'gpt-4o-mini')], null))).toBe('Router margin + self-reported, 0 to 1');
    expect(confidenceHint(summary([model('openai', 'gpt-4o-mini')], { runs: 3, passed: 3, rate: 1 }))).toBe('Sample agreement, 0 to 1');
  });
  it('says when nothing has a confidence yet', () => {
    expect(confidenceHint(summary([], null))).toBe('No confidence yet, 0 to 1');
  });
});
