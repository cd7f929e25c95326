/**
 * Group commit for the queue's per-run round trips (issue 20): `flush` is called once per turn
 * of the event loop with every item added during it, so 16 runs ending together cost one
 * statement, not 16. Each add resolves (or rejects) with its flush.
 */
export function coalesce<T>(flush: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let pending: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = [];
  const run = () => {
    const batch = pending;
    pending = [];
    flush(batch.map((b) => b.item)).then(
      () => batch.forEach((b) => b.resolve()),
      (err: unknown) => batch.forEach((b) => b.reject(err)),
    );
  };
  return (item) =>
    new Promise<void>((resolve, reject) => {
      if (pending.length === 0) setImmediate(run);
      pending.push({ item, resolve, reject });
    });
}
