import { describe, expect, it } from 'vitest';
import type { MetricsSummary } from '@/components/data/types';
import { confidenceSourcesInView } from './confidence-sources';

type Model = MetricsSummary['byModel'][number];
const model = (provider: string, name: string, total = 3): Model =>
  ({ provider, model: name, counts: { tp: total, fp: 0, tn: 0, fn: 0, total } }) as unknown as Model;

describe('confidenceSourcesInView', () => {
  it('names the router margin for the local router and self-assessment for a model run with one sample', () => {
    const notes = confidenceSourcesInView({ byModel: [model('local', 'lexical'), model('openai', 'gpt-4o-mini')], passK: null, counts: { tp: 6, fp: 0, tn: 0, fn: 0, total: 6 } });
    expect(notes.map((n) => [n.source, n.text.split(':')[0]])).toEqual([
      ['local_margin', 'local/lexical'],
      ['self_assessment', 'openai/gpt-4o-mini'],
    ]);
  });

  it('names sample agreement when every run was sampled, and both when only some were', () => {
    const all = confidenceSourcesInView({ byModel: [model('openai', 'gpt')], passK: { runs: 3, passed: 2, rate: 2 / 3 }, counts: { tp: 3, fp: 0, tn: 0, fn: 0, total: 3 } });
    expect(all.map((n) => n.source)).toEqual(['sample_agreement']);
    const some = confidenceSourcesInView({ byModel: [model('openai', 'gpt', 5)], passK: { runs: 2, passed: 2, rate: 1 }, counts: { tp: 5, fp: 0, tn: 0, fn: 0, total: 5 } });
    expect(some.map((n) => n.source)).toEqual(['sample_agreement', 'self_assessment']);
    expect(some[1]?.text).toContain('runs with one sample');
  });

  it('says nothing for models without judged runs', () => {
    expect(confidenceSourcesInView({ byModel: [model('openai', 'gpt', 0)], passK: null, counts: { tp: 0, fp: 0, tn: 0, fn: 0, total: 0 } })).toEqual([]);
  });
});
