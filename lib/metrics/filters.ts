import { z } from 'zod';
import { PROVIDER_IDS } from '@/lib/providers/types';

// Forms send unset filters as empty strings; treat them as absent rather than as a 400.
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'expected an ISO date (YYYY-MM-DD) or date-time with a zone (YYYY-MM-DDTHH:MM:SSZ)',
});

const isDateOnly = (value: string) => value.length === 10;
const DAY_MS = 86_400_000;
// created_at is compared as ISO text, which only orders correctly with four-digit years:
// past the last instant of 9999 toISOString() writes "+010000-…", which sorts before "2026-…".
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** Both bounds as created_at text comparisons: `from <= created_at < before`. */
export type CreatedAtBounds = { from?: string; before?: string };

/**
 * A date means a whole UTC day, so `to=2025-03-01` includes that day; a date-time is
 * inclusive to the millisecond (created_at has millisecond precision). An end past the year
 * 9999 is no bound at all; a start past it is clamped to its last instant (nothing is later).
 */
export function toCreatedAtBounds(range: { from?: string; to?: string }): CreatedAtBounds {
  const bounds: CreatedAtBounds = {};
  if (range.from) {
    const start = isDateOnly(range.from) ? Date.parse(`${range.from}T00:00:00.000Z`) : Date.parse(range.from);
    bounds.from = new Date(Math.min(start, LAST_INSTANT)).toISOString();
  }
  if (range.to) {
    const end = isDateOnly(range.to) ? Date.parse(`${range.to}T00:00:00.000Z`) + DAY_MS : Date.parse(range.to) + 1;
    if (end <= LAST_INSTANT) bounds.before = new Date(end).toISOString();
  }
  return bounds;
}

export const MetricsFiltersSchema = z
  .object({
    batchId: optional(z.string().max(100)),
    testCaseId: optional(z.string().max(100)),
    /** Runs whose expected or selected server has this name. */
    serverName: optional(z.string().max(100)),
    /** Runs whose expected or selected tool has this name. */
    toolName: optional(z.string().max(200)),
    provider: optional(z.enum(PROVIDER_IDS)),
    model: optional(z.string().max(200)),
    from: optional(dateOrDateTime),
    to: optional(dateOrDateTime),
    /**
     * Count the runs of experiment variants' batches too (they saw rewritten tools: left out unless a batchId or
     * this asks for them; lib/metrics/experiment-scope.ts). "true"/"false" in a query string, or a boolean.
     */
    includeExperiments: optional(z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'includeExperiments must be true or false' })),
  })
  .strict()
  .refine(
    (f) => {
      const { from, before } = toCreatedAtBounds(f);
      return !from || !before || from < before;
    },
    { path: ['to'], message: 'to must not be before from' },
  );

export type MetricsFilters = z.infer<typeof MetricsFiltersSchema>;

/** Two batches to compare: b is measured against a. */
export const BatchCompareQuerySchema = z
  .object({
    a: z.string().trim().min(1, 'a (the baseline batch id) is required').max(100),
    b: z.string().trim().min(1, 'b (the batch id to compare) is required').max(100),
  })
  .strict();
