/**
 * A small RFC 6902 applier (add, remove, replace, test; JSON Pointers per RFC 6901 with ~0
 * and ~1) used to check that apply commands do what they say. Returns a new document.
 */

export type PatchOperation = { op: string; path: string; value?: unknown; from?: string };

type Container = Record<string, unknown> | unknown[];

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`invalid JSON Pointer '${pointer}'`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function arrayIndex(token: string, length: number, forAdd: boolean): number {
  if (forAdd && token === '-') return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`invalid array index '${token}'`);
  const index = Number(token);
  if (index > length || (!forAdd && index === length)) throw new Error(`array index ${index} out of bounds`);
  return index;
}

function parentOf(doc: unknown, tokens: string[]): { parent: Container; key: string } {
  let node = doc;
  for (const token of tokens.slice(0, -1)) {
    if (!isContainer(node)) throw new Error(`path segment '${token}' does not exist`);
    node = Array.isArray(node) ? node[arrayIndex(token, node.length, false)] : (node as Record<string, unknown>)[token];
    if (node === undefined) throw new Error(`path segment '${token}' does not exist`);
  }
  if (!isContainer(node)) throw new Error('the parent of the target is not an object or array');
  return { parent: node, key: tokens.at(-1) ?? '' };
}

function getValue(doc: unknown, tokens: string[]): unknown {
  let node = doc;
  for (const token of tokens) {
    if (!isContainer(node)) throw new Error(`path segment '${token}' does not exist`);
    node = Array.isArray(node) ? node[arrayIndex(token, node.length, false)] : Object.hasOwn(node, token) ? (node as Record<string, unknown>)[token] : undefined;
    if (node === undefined) throw new Error(`path segment '${token}' does not exist`);
  }
  return node;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b) || (isContainer(a) && isContainer(b) && JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b)));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isContainer(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
}

export function applyJsonPatch<T>(document: T, operations: readonly PatchOperation[]): T {
  let doc: unknown = structuredClone(document);
  for (const op of operations) {
    const tokens = parsePointer(op.path);
    switch (op.op) {
      case 'test':
        if (!deepEqual(getValue(doc, tokens), op.value)) throw new Error(`test failed at ${op.path}`);
        break;
      case 'remove': {
        if (tokens.length === 0) throw new Error('cannot remove the whole document');
        const { parent, key } = parentOf(doc, tokens);
        if (Array.isArray(parent)) parent.splice(arrayIndex(key, parent.length, false), 1);
        else {
          if (!Object.hasOwn(parent, key)) throw new Error(`nothing to remove at ${op.path}`);
          delete parent[key];
        }
        break;
      }
      case 'add':
      case 'replace': {
        if (tokens.length === 0) {
          doc = structuredClone(op.value);
          break;
        }
        const { parent, key } = parentOf(doc, tokens);
        if (Array.isArray(parent)) {
          const index = arrayIndex(key, parent.length, op.op === 'add');
          if (op.op === 'add') parent.splice(index, 0, structuredClone(op.value));
          else parent[index] = structuredClone(op.value);
        } else {
          if (op.op === 'replace' && !Object.hasOwn(parent, key)) throw new Error(`nothing to replace at ${op.path}`);
          parent[key] = structuredClone(op.value);
        }
        break;
      }
      default:
        throw new Error(`unsupported operation '${op.op}'`);
    }
  }
  return doc as T;
}
