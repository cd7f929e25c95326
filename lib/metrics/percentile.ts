/**
 * Where the nearest-rank percentile p of n sorted values sits: rank = ceil(p/100 * n)
 * (1-based), given as a 0-based offset from the nearer end so a top-N sort stays small.
 */
export function locateNearestRank(p: number, n: number): { offset: number; order: 'asc' | 'desc' } {
  const rank = Math.min(n, Math.max(1, Math.ceil((p * n) / 100)));
  return rank - 1 <= n - rank ? { offset: rank - 1, order: 'asc' } : { offset: n - rank, order: 'desc' };
}
