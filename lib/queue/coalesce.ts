/**
 * Group commit for the queue's per-run round trips (issue 20): `flush` is called once per turn
 * of the event loop (or per `windowMs`, for writes nobody waits on) with every item added
 * meanwhile, so 16 runs ending together cost one statement, not 16. Each add resolves with its
 * item's answer from `flush` (which answers in the items' order), or rejects with the flush.
 */
export function coalesce<T, R = void>(flush: (items: T[]) => Promise<R[] | void>, { windowMs = 0 } = {}): (item: T) => Promise<R> {
  let pending: { item: T; resolve: (r: R) => void; reject: (err: unknown) => void }[] = [];
  const run = () => {
    const batch = pending;
    pending = [];
    flush(batch.map((b) => b.item)).then(
      (answers) => batch.forEach((b, i) => b.resolve((answers ? answers[i] : undefined) as R)),
      (err: unknown) => batch.forEach((b) => b.reject(err)),
    );
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      if (pending.length === 0) {
        if (windowMs > 0) setTimeout(run, windowMs);
        else setImmediate(run);
      }
      pending.push({ item, resolve, reject });
    });
}
