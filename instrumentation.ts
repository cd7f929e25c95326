// Next.js calls register() once when a server process starts.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { runStartup } = await import('./lib/startup');
  await runStartup();
}
