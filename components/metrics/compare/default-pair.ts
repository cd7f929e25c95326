import type { BatchDto } from '@/components/data/types';

/** Without a choice in the URL: the latest completed batch against the one before it. */
export function defaultPair(batches: BatchDto[]): { a: string; b: string } {
  const done = batches.filter((x) => x.status === 'completed');
  const pool = done.length >= 2 ? done : batches;
  return { a: pool[1]?.id ?? '', b: pool[0]?.id ?? '' };
}
