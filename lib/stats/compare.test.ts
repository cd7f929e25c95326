import { describe, expect, it } from 'vitest';
import type { Classification } from '@/lib/eval/judge/classify';
import { signTestPValue } from './binomial';
import { seededRandom } from '@/lib/seeded-random';
import { countClassifications } from './counts';
import { compareOutcomes, compareUnitCounts, type CaseOutcome } from './compare';

/** `count` cases named prefix0.. for one model, each with the given classification. */
function cases(prefix: string, count: number, classification: Classification, model = 'm1'): CaseOutcome[] {
  return Array.from({ length: count }, (_, i) => ({ caseId: `${prefix}${i}`, model, classification }));
}

describe('compareOutcomes', () => {
  // Two confusable tools: 8 cases picked the wrong one (FN) in the baseline, the rewrite fixes them.
  const baseline = [...cases('confused', 8, 'FN'), ...cases('fine', 10, 'TP'), ...cases('neg', 4, 'TN')];
  const rewrite = [...cases('confused', 8, 'TP'), ...cases('fine', 10, 'TP'), ...cases('neg', 4, 'TN')];

  it('reports a rewrite that fixes confused cases as a significant F1 improvement, with the flipped cases', () => {
    const result = compareOutcomes(baseline, rewrite);
    expect(result.units).toBe(22);
    expect(result.changedUnits).toBe(8);
    const { f1, accuracy, recall, precision } = result.metrics;
    expect(f1.baseline).toBeCloseTo(20 / 28, 12);
    expect(f1.current).toBe(1);
    expect(f1.delta).toBeCloseTo(1 - 20 / 28, 12);
    // Every swap of the 8 changed cases is as extreme only when all or none are swapped.
    expect(f1.pValue).toBeCloseTo(2 / 256, 12);
    expect(f1).toMatchObject({ significant: true, outcome: 'improved' });
    expect(f1.interval!.lower).toBeGreaterThan(0);
    expect(f1.method).toContain('paired percentile bootstrap, 2000 resamples, seed 1');
    expect(accuracy).toMatchObject({ baseline: 14 / 22, current: 1, significant: true, outcome: 'improved' });
    expect(accuracy.pValue).toBeCloseTo(signTestPValue(8, 8), 12);
    expect(accuracy.method).toMatch(/exact McNemar.*Newcombe/);
    expect(accuracy.interval!.lower).toBeGreaterThan(0);
    expect(recall.outcome).toBe('improved');
    // A wrong tool is an FN (classify.ts) and only FP lowers precision, so it was already 1.
    expect(precision).toMatchObject({ baseline: 1, current: 1, delta: 0, significant: false, outcome: 'no_significant_change' });
    expect(result.fixed.map((u) => u.caseId)).toEqual(['confused0', 'confused1', 'confused2', 'confused3', 'confused4', 'confused5', 'confused6', 'confused7']);
    expect(result.fixed[0]).toMatchObject({ model: 'm1', baselineCorrect: 0, currentCorrect: 1, baseline: { fn: 1 }, current: { tp: 1 } });
    expect(result.regressed).toEqual([]);
  });

  it('calls the reverse a significant regression', () => {
    const result = compareOutcomes(rewrite, baseline);
    expect(result.metrics.f1).toMatchObject({ significant: true, outcome: 'regressed' });
    expect(result.regressed).toHaveLength(8);
  });

  it('shows a neutral rewrite as no significant change, and a balanced shuffle too', () => {
    expect(compareOutcomes(baseline, baseline).metrics.f1).toMatchObject({ delta: 0, pValue: 1, significant: false, outcome: 'no_significant_change' });
    // 4 fixed, 4 regressed: F1 barely moves, p is large.
    const shuffled = [...cases('confused', 4, 'TP'), ...cases('confused', 4, 'FN').map((c, i) => ({ ...c, caseId: `confused${i + 4}` })), ...cases('fine', 6, 'TP'), ...cases('fine', 4, 'FN').map((c, i) => ({ ...c, caseId: `fine${i + 6}` })), ...cases('neg', 4, 'TN')];
    const result = compareOutcomes(baseline, shuffled);
    expect(result.fixed).toHaveLength(4);
    expect(result.regressed).toHaveLength(4);
    expect(result.metrics.f1.outcome).toBe('no_significant_change');
    expect(result.metrics.f1.pValue).toBeGreaterThan(0.5);
    expect(result.metrics.accuracy.pValue).toBe(1);
  });

  it('says too few cases when only a handful flipped', () => {
    const three = [...cases('confused', 3, 'TP'), ...cases('confused', 5, 'FN').map((c, i) => ({ ...c, caseId: `confused${i + 3}` })), ...cases('fine', 10, 'TP'), ...cases('neg', 4, 'TN')];
    const result = compareOutcomes(baseline, three);
    expect(result.metrics.f1).toMatchObject({ significant: false, outcome: 'too_few_cases' });
    expect(result.metrics.accuracy).toMatchObject({ significant: false, outcome: 'too_few_cases' });
    expect(result.fixed).toHaveLength(3);
  });

  it('pairs by case and model, pools samples, and lists units present on one side only', () => {
    // Two models; 3 samples each. Model m2 gains on every case; c9 only exists in the baseline.
    const sampled = (model: string, cls: Classification[], ids: string[]): CaseOutcome[] => ids.flatMap((caseId) => cls.map((classification) => ({ caseId, model, classification })));
    const ids = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'];
    const before = [...sampled('m1', ['TP', 'TP', 'FN'], ids), ...sampled('m2', ['FN', 'FN', 'TP'], ids), ...sampled('m1', ['TP'], ['c9'])];
    const after = [...sampled('m1', ['TP', 'TP', 'FN'], ids), ...sampled('m2', ['TP', 'TP', 'TP'], ids)];
    const result = compareOutcomes(before, after);
    expect(result.units).toBe(16);
    expect(result.unpaired).toEqual({ baseline: [{ caseId: 'c9', model: 'm1' }], current: [] });
    expect(result.fixed.map((u) => [u.caseId, u.model, u.baselineCorrect, u.currentCorrect])).toContainEqual(['c0', 'm2', 1 / 3, 1]);
    expect(result.fixed).toHaveLength(8);
    // Pooled counts: 16 FN of 48 before, 8 after.
    expect(result.metrics.recall.baseline).toBeCloseTo(24 / 48, 12);
    expect(result.metrics.recall.current).toBeCloseTo(40 / 48, 12);
    // Several samples per unit: accuracy goes through the resampling path, not McNemar.
    expect(result.metrics.accuracy.method).toMatch(/randomization/);
    expect(result.metrics.accuracy).toMatchObject({ significant: true, outcome: 'improved' });
    expect(result.metrics.f1.outcome).toBe('improved');
  });

  it('handles empty input without inventing figures', () => {
    const result = compareOutcomes([], []);
    expect(result.units).toBe(0);
    expect(result.metrics.f1).toMatchObject({ baseline: null, current: null, delta: null, interval: null, significant: false, outcome: 'too_few_cases' });
  });
});

describe('compareUnitCounts', () => {
  it('gives exactly what compareOutcomes gives for the same outcomes pooled per unit, samples and units named twice included', () => {
    const rng = seededRandom(19);
    const classes: Classification[] = ['TP', 'FP', 'TN', 'FN'];
    const draw = (n: number): CaseOutcome[] =>
      Array.from({ length: n }, () => ({ caseId: `c${Math.floor(rng() * 40)}`, model: rng() < 0.5 ? 'm1' : 'm2', classification: classes[Math.floor(rng() * 4)] ?? 'TP' }));
    const asCounts = (outcomes: CaseOutcome[]) => {
      // Units in first-appearance order, each split in two rows where it has several outcomes.
      const seen = new Map<string, CaseOutcome[]>();
      for (const o of outcomes) seen.set(`${o.caseId}/${o.model}`, [...(seen.get(`${o.caseId}/${o.model}`) ?? []), o]);
      return [...seen.values()].flatMap((group) => {
        const half = Math.ceil(group.length / 2);
        return [group.slice(0, half), group.slice(half)]
          .filter((part) => part.length > 0)
          .map((part) => ({ caseId: group[0]?.caseId ?? '', model: group[0]?.model ?? '', counts: countClassifications(part.map((o) => o.classification)) }));
      });
    };
    for (const n of [30, 400]) {
      const baseline = draw(n);
      const current = draw(n);
      const expected = compareOutcomes(baseline, current);
      expect(expected.units).toBeGreaterThan(5);
      expect(compareUnitCounts(asCounts(baseline), asCounts(current))).toEqual(expected);
    }
  });
});
