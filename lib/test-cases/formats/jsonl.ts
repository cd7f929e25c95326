import { ValidationError } from '@/lib/errors';
import { isPlainObject, stripBom, toPlainRecord } from './text';
import type { ParsedRow, TestCaseFormat } from './types';

export const jsonlFormat: TestCaseFormat = {
  id: 'jsonl',
  description: 'JSON Lines: one test case object per line',
  contentType: 'application/x-ndjson',
  fileExtension: 'jsonl',

  parse(text) {
    const rows: ParsedRow[] = [];
    // Rows are numbered by physical line so an error points at the line an editor shows.
    stripBom(text)
      .split(/\r?\n/)
      .forEach((line, i) => {
        if (!line.trim()) return;
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch (err) {
          rows.push({ row: i + 1, error: `the line is not valid JSON: ${(err as Error).message}` });
          return;
        }
        rows.push(isPlainObject(value) ? { row: i + 1, value } : { row: i + 1, error: 'the line is not a JSON object' });
      });
    if (rows.length === 0) throw new ValidationError('The document is empty', undefined, 'invalid_document');
    return rows;
  },

  serialize(records) {
    return records.map((r) => `${JSON.stringify(toPlainRecord(r))}\n`).join('');
  },
};
