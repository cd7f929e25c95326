/** How many timed calls follow the warm-up call (BENCH_METRICS_REPEATS, default 3). */
export const REPEATS = Number(process.env.BENCH_METRICS_REPEATS ?? 3);

/** Median wall ms of REPEATS calls of `fn`, after one untimed call that warms caches and plans. */
export async function warmMedianMs(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  return medianOfCallsMs(fn);
}

/** Median wall ms of REPEATS calls of `fn`, for a caller that made (and kept) the warm-up call itself. */
export async function medianOfCallsMs(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times.sort((x, y) => x - y)[Math.floor(times.length / 2)] ?? Number.NaN;
}
