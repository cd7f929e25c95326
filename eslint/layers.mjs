import path from 'node:path';

/*
 * The dependency direction, as a lint rule: app -> components -> lib -> db, and inside lib the
 * arrows of the layout (README, Architecture). Each import is resolved to a repository path
 * (the '@/' alias and relative specifiers alike), then checked against the zone table, so a
 * rule cannot be dodged by writing '../../x' instead of '@/lib/x'.
 */

const ROOT = path.resolve(import.meta.dirname, '..');

/** Repository-relative path of an import, or null for packages. */
function resolveImport(spec, file) {
  if (spec.startsWith('@/')) return spec.slice(2);
  if (spec.startsWith('.')) return path.relative(ROOT, path.resolve(path.dirname(file), spec)).split(path.sep).join('/');
  return null;
}

/** `lib/eval/` matches the folder, `lib/env` matches the module lib/env(.ts) only. */
function matches(target, pattern) {
  if (pattern.endsWith('/')) return target.startsWith(pattern);
  return target === pattern || target === `${pattern}.ts` || target === `${pattern}.tsx` || target === `${pattern}/index`;
}

function firstViolation(zones, from, target) {
  for (const zone of zones) {
    if (!zone.from.some((p) => matches(from, p))) continue;
    if (zone.except?.some((p) => matches(from, p))) continue;
    if (!zone.disallow.some((p) => matches(target, p))) continue;
    if (zone.allow?.some((p) => matches(target, p))) continue;
    return zone;
  }
  return null;
}

export const layersPlugin = {
  rules: {
    'allowed-imports': {
      meta: { type: 'problem', schema: [{ type: 'array' }], messages: { layer: "'{{target}}' may not be imported here: {{why}}" } },
      create(context) {
        const zones = context.options[0] ?? [];
        const file = context.filename;
        const from = path.relative(ROOT, file).split(path.sep).join('/');
        const check = (node, spec) => {
          if (typeof spec !== 'string') return;
          const target = resolveImport(spec, file);
          if (target === null) return;
          const zone = firstViolation(zones, from, target);
          if (zone) context.report({ node, messageId: 'layer', data: { target, why: zone.why } });
        };
        // Type-only imports create no runtime dependency: the UI imports server DTO types and the
        // pure judge names row types by design.
        const typeOnly = (node) => node.importKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
        return {
          ImportDeclaration: (node) => typeOnly(node) || check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && node.exportKind !== 'type' && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
