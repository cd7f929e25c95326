/** Polls until `check` returns a value, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | null | false, timeoutMs = 15_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
