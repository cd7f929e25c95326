// The `@/` import alias of tsconfig.json, for an installed package: tsx applies tsconfig paths
// only outside node_modules, so once `npm install`ed the CLI's own `@/db/...` imports would
// not resolve. Imported by cli.ts before anything else; maps `@/x` to this package's root.
import Module from 'node:module';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
type Resolve = (request: string, ...rest: unknown[]) => string;
const patched = Module as unknown as { _resolveFilename: Resolve };
const original = patched._resolveFilename;
patched._resolveFilename = function resolveAlias(this: unknown, request: string, ...rest: unknown[]): string {
  return original.call(this, request.startsWith('@/') ? path.join(root, request.slice(2)) : request, ...rest);
};
