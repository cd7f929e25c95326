// Next.js calls register() once when a server process starts.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { runStartup } = await import('./lib/startup');
  try {
    await runStartup();
  } catch (err) {
    // Next would log a failed hook and keep serving; an app that cannot start safely
    // (e.g. exposed beyond loopback without credentials) must not serve at all.
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
