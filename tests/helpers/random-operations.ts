/**
 * Drives a maintained table's random-operations test: `steps` operations drawn with `rng` from
 * `ops`, `check` after every `checkEvery`th one and once at the end. Returns the names of the
 * operations that ran, so the test can assert that every kind of write was exercised.
 */
export async function runRandomOperations<K extends string>(
  rng: () => number,
  ops: Record<K, () => Promise<unknown>>,
  options: { steps: number; checkEvery: number; check: (label: string) => Promise<void> },
): Promise<K[]> {
  const names = Object.keys(ops) as K[];
  const seen = new Set<K>();
  for (let step = 0; step < options.steps; step++) {
    const name = names[Math.floor(rng() * names.length)] as K;
    await ops[name]();
    seen.add(name);
    if (step % options.checkEvery === options.checkEvery - 1) await options.check(`step ${step} (${name})`);
  }
  await options.check('end');
  return [...seen];
}
