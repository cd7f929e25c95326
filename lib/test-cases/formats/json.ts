import { ValidationError } from '@/lib/errors';
import { isPlainObject, stripBom, toPlainRecord } from './text';
import type { ParsedRow, TestCaseFormat } from './types';

export const jsonFormat: TestCaseFormat = {
  id: 'json',
  description: 'A JSON array of test case objects',
  contentType: 'application/json',
  fileExtension: 'json',

  parse(text) {
    const body = stripBom(text);
    if (!body.trim()) throw new ValidationError('The document is empty', undefined, 'invalid_document');
    let doc: unknown;
    try {
      doc = JSON.parse(body);
    } catch (err) {
      throw new ValidationError(`The document is not valid JSON: ${(err as Error).message}`, undefined, 'invalid_document');
    }
    if (!Array.isArray(doc)) throw new ValidationError('The document must be a JSON array of test cases', undefined, 'invalid_document');
    return doc.map((item: unknown, i): ParsedRow => (isPlainObject(item) ? { row: i + 1, value: item } : { row: i + 1, error: 'the item is not a JSON object' }));
  },

  serialize(records) {
    return `${JSON.stringify(records.map(toPlainRecord), null, 2)}\n`;
  },
};
