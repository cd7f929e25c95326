import { z } from 'zod';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** The paging arguments every list tool takes. */
export const pageShape = {
  limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe(`Items per page (default ${DEFAULT_LIMIT}, max ${MAX_LIMIT})`),
  offset: z.number().int().min(0).max(10_000_000).default(0).describe('Items to skip (see metadata.hint / nextOffset)'),
};
