import { describe, expect, it } from 'vitest';
import { MetricsFiltersSchema, toCreatedAtBounds } from './filters';

describe('toCreatedAtBounds', () => {
  it('makes a date "to" include its whole UTC day', () => {
    expect(toCreatedAtBounds({ from: '2025-02-28', to: '2025-02-28' })).toEqual({
      from: '2025-02-28T00:00:00.000Z',
      before: '2025-03-01T00:00:00.000Z',
    });
  });

  it('normalizes zoned date-times to UTC and keeps "to" inclusive to the millisecond', () => {
    expect(toCreatedAtBounds({ from: '2025-03-01T12:00:00+02:00', to: '2025-03-01T10:00:00.250Z' })).toEqual({
      from: '2025-03-01T10:00:00.000Z',
      before: '2025-03-01T10:00:00.251Z',
    });
  });
});

describe('MetricsFiltersSchema', () => {
  it('drops empty values and keeps the rest', () => {
    expect(MetricsFiltersSchema.parse({ batchId: '', model: 'gpt-4o', provider: 'openai' })).toEqual({ model: 'gpt-4o', provider: 'openai' });
  });

  it('rejects unknown keys, impossible dates and reversed ranges', () => {
    expect(MetricsFiltersSchema.safeParse({ limit: '5' }).success).toBe(false);
    expect(MetricsFiltersSchema.safeParse({ from: '2025-02-30' }).success).toBe(false);
    expect(MetricsFiltersSchema.safeParse({ from: '2025-03-02', to: '2025-03-01T23:59:59Z' }).success).toBe(false);
    expect(MetricsFiltersSchema.safeParse({ from: '2025-03-01', to: '2025-03-01' }).success).toBe(true);
  });
});
