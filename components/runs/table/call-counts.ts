import type { TestRunListItemDto } from '@/components/data/types';

type Counts = NonNullable<TestRunListItemDto['calls']>;

/**
 * A sequence run's per-call figures in a few words: "2/2 calls" (expected calls made: TP of TP + FN),
 * "+1 extra" for unexpected calls (FP). The label spells each count out for a screen reader.
 */
export function callCountsText(c: Counts): { short: string; label: string } {
  const expected = c.tp + c.fn;
  const short = `${c.tp}/${expected} calls${c.fp > 0 ? ` +${c.fp} extra` : ''}`;
  const label = `${c.tp} of ${expected} expected ${expected === 1 ? 'call' : 'calls'} made (TP ${c.tp}, FN ${c.fn}), ${c.fp} unexpected (FP ${c.fp})`;
  return { short, label };
}
