import { ValidationError } from '../errors';

/**
 * BFCL's data files as the CLI reads them: a JSON array, or JSON Lines (BFCL's own
 * `BFCL_v4_*.json` files are one object per line despite the extension). Answers from
 * `possible_answer/` files are matched to entries by id in importBfcl.
 */
export function parseBfclFile(text: string, fileName = 'file'): unknown[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const trimmed = body.trim();
  if (!trimmed) throw new ValidationError(`${fileName} is empty`, undefined, 'invalid_document');
  if (trimmed.startsWith('[')) {
    try {
      const doc: unknown = JSON.parse(trimmed);
      if (Array.isArray(doc)) return doc;
    } catch (err) {
      throw new ValidationError(`${fileName} is not valid JSON: ${(err as Error).message}`, undefined, 'invalid_document');
    }
  }
  const items: unknown[] = [];
  for (const [i, line] of body.split(/\r?\n/).entries()) {
    if (!line.trim()) continue;
    try {
      items.push(JSON.parse(line));
    } catch (err) {
      throw new ValidationError(`${fileName} line ${i + 1} is not valid JSON: ${(err as Error).message}`, undefined, 'invalid_document');
    }
  }
  return items;
}

/** Splits parsed items into question objects and possible answers; an entry carrying its own ground_truth gives both. */
export function splitBfclItems(items: unknown[]): { entries: unknown[]; answers: unknown[] } {
  const entries: unknown[] = [];
  const answers: unknown[] = [];
  for (const item of items) {
    const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    if ('ground_truth' in record) answers.push({ id: record.id, ground_truth: record.ground_truth });
    if ('question' in record || !('ground_truth' in record)) entries.push(item);
  }
  return { entries, answers };
}
