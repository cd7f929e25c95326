import { z } from 'zod';
import { PROVIDER_IDS } from '../../providers/catalog';
import { ModelConfigSchema } from '../../providers/types';
import { MAX_CONCURRENCY, MAX_SAMPLES } from './limits';

export { MAX_CONCURRENCY, MAX_SAMPLES } from './limits';

export const SingleRunInputSchema = z
  .object({ model: ModelConfigSchema, samples: z.number().int().min(1).max(MAX_SAMPLES).default(1) })
  .strict();
export type SingleRunInput = z.infer<typeof SingleRunInputSchema>;

/** Fields a batch shares with what runs as batches (experiments). */
export const RunNameSchema = z.string().trim().min(1).max(200);
export const TestCaseIdsSchema = z
  .array(z.string().min(1).max(100))
  .min(1)
  .max(10_000)
  .refine((ids) => new Set(ids).size === ids.length, 'testCaseIds must not repeat');
export const ConcurrencySchema = z.number().int().min(1).max(MAX_CONCURRENCY).default(4);

export const BatchInputSchema = z
  .object({
    name: RunNameSchema.optional(),
    /** Default: every test case. */
    testCaseIds: TestCaseIdsSchema.optional(),
    models: z.array(ModelConfigSchema).min(1, 'at least one model config').max(20),
    samples: z.number().int().min(1).max(MAX_SAMPLES).default(1),
    concurrency: ConcurrencySchema,
  })
  .strict();
export type BatchInput = z.infer<typeof BatchInputSchema>;

export const RunListQuerySchema = z.object({
  testCaseId: z.string().max(100).optional(),
  batchId: z.string().max(100).optional(),
  status: z.enum(['pending', 'running', 'completed', 'failed', 'cancelled']).optional(),
  provider: z.enum(PROVIDER_IDS).optional(),
  model: z.string().max(200).optional(),
  classification: z.enum(['TP', 'FP', 'TN', 'FN']).optional(),
});
