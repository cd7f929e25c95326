import { existsSync, writeFileSync } from 'node:fs';

// NEXT_DIST_DIR gives a developer (or a parallel helper) a build of their own beside the main
// one, e.g. for one e2e spec while another build is in use; such builds skip the type check,
// which `npm run typecheck` does for the whole tree.
const isolatedDistDir = process.env.NEXT_DIST_DIR;
// Next adds its dist folder's type globs to the tsconfig it uses: give an isolated build a
// tsconfig of its own (ignored by git) so the shared one is never rewritten.
const isolatedTsconfig = isolatedDistDir ? `${isolatedDistDir.replace(/\/+$/, '')}.tsconfig.json` : null;
if (isolatedTsconfig && !existsSync(isolatedTsconfig)) writeFileSync(isolatedTsconfig, JSON.stringify({ extends: './tsconfig.json' }, null, 2));

/** @type {import('next').NextConfig} */
const nextConfig = {
  ...(isolatedDistDir ? { distDir: isolatedDistDir, typescript: { ignoreBuildErrors: true, tsconfigPath: isolatedTsconfig } } : {}),
  // Native and process-spawning packages stay outside the server bundle; drizzle-orm and pg too, so every server
  // chunk shares one copy (db/transaction.ts gates drizzle's query promise on SQLite).
  serverExternalPackages: ['better-sqlite3', '@modelcontextprotocol/sdk', 'drizzle-orm', 'pg', 'pg-boss'],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
