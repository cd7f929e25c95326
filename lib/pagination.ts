import { z } from 'zod';

export const MAX_PAGE_SIZE = 200;

export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export function listBody<T>(items: T[], total: number, page: { limit: number; offset: number }) {
  return { items, total, limit: page.limit, offset: page.offset };
}
