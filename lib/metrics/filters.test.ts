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

  it('keeps bounds in four-digit years, so the text comparison with created_at stays right', () => {
    // The day after 9999-12-31 would be written "+010000-01-01…", which sorts before every real date.
    expect(toCreatedAtBounds({ to: '9999-12-31' })).toEqual({});
    expect(toCreatedAtBounds({ to: '9999-12-31T23:59:59.999Z' })).toEqual({});
    expect(toCreatedAtBounds({ to: '9999-12-31T23:59:59.998Z' })).toEqual({ before: '9999-12-31T23:59:59.999Z' });
    expect(toCreatedAtBounds({ from: '9999-12-31T23:00:00-05:00' })).toEqual({ from: '9999-12-31T23:59:59.999Z' });
    expect(toCreatedAtBounds({ from: '0001-01-01', to: '0001-01-01' })).toEqual({ from: '0001-01-01T00:00:00.000Z', before: '0001-01-02T00:00:00.000Z' });
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
    expect(MetricsFiltersSchema.safeParse({ from: '2025-03-01', to: '9999-12-31' }).success, 'an open-ended far end is a range').toBe(true);
  });
});
