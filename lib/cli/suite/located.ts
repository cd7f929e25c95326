import { isNode, LineCounter, parseDocument, type Document } from 'yaml';
import { SuiteError, type SuiteProblem } from '../errors';

/**
 * A YAML (or JSON, a subset of YAML) document that can say on which line a field sits, so
 * every problem of a suite names its file, line and field.
 */
export type LocatedDocument = { file: string; value: unknown; lineOf: (path: readonly PropertyKey[]) => number | null };

export function parseLocated(file: string, text: string): LocatedDocument {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    throw new SuiteError(
      doc.errors.map((e) => ({ file, line: e.linePos?.[0]?.line ?? lineCounter.linePos(e.pos[0]).line, field: '', message: e.message.split('\n')[0] ?? 'invalid YAML' })),
    );
  }
  const lineOf = (path: readonly PropertyKey[]): number | null => {
    // The deepest node that exists: a missing field is reported where its parent starts.
    for (let n = path.length; n >= 0; n--) {
      const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n).map((k) => (typeof k === 'symbol' ? String(k) : k)), true);
      if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
    }
    return null;
  };
  return { file, value: doc.toJS({ maxAliasCount: 100 }) as unknown, lineOf };
}

export function fieldOf(path: readonly PropertyKey[]): string {
  return path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('').replace(/^\./, '');
}

export function problemAt(doc: LocatedDocument, path: readonly PropertyKey[], message: string): SuiteProblem {
  return { file: doc.file, line: doc.lineOf(path), field: fieldOf(path), message };
}
