// The `@/` import alias of tsconfig.json, for an installed package: tsx applies tsconfig paths
// only outside node_modules, so once `npm install`ed the CLI's own `@/db/...` imports would
// not resolve. Imported by cli.ts before anything else; maps `@/x` to this package's root,
// for require (static imports, compiled to CommonJS) and for import() (the ESM loader: a
// resolve hook registered ahead of tsx's, which then finds the .ts file as for a relative path).
import Module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(__dirname, '..');
type Resolve = (request: string, ...rest: unknown[]) => string;
const patched = Module as unknown as { _resolveFilename: Resolve };
const original = patched._resolveFilename;
patched._resolveFilename = function resolveAlias(this: unknown, request: string, ...rest: unknown[]): string {
  return original.call(this, request.startsWith('@/') ? path.join(root, request.slice(2)) : request, ...rest);
};

const rootUrl = pathToFileURL(`${root}${path.sep}`).href;
const esmHook = `
const rootUrl = ${JSON.stringify(rootUrl)};
export async function resolve(specifier, context, next) {
  return next(specifier.startsWith('@/') ? new URL(specifier.slice(2), rootUrl).href : specifier, context);
}`;
Module.register(`data:text/javascript,${encodeURIComponent(esmHook)}`);
