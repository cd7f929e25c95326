import { ValidationError } from '@/lib/errors';
import { readSequenceCells, SEQUENCE_COLUMNS, sequenceCells, sequenceRecordFields } from './sequence';
import { isPlainObject, stripBom } from './text';
import type { ParsedRow, TestCaseFormat, TestCaseRecord } from './types';

const BASE_COLUMNS = ['name', 'query', 'servers', 'expectedServer', 'expectedTool', 'expectedParameters', 'argumentMatching', 'tags'] as const;
/** The sequence columns (issue 17) are written only when some exported case uses a sequence field. */
const COLUMNS = [...BASE_COLUMNS, ...SEQUENCE_COLUMNS] as const;
type Column = (typeof COLUMNS)[number];

/** `expected_server`, `Expected Server` and `EXPECTEDSERVER` all name the same column. */
const normalizeHeader = (h: string) => h.trim().toLowerCase().replace(/[\s_-]/g, '');
const COLUMN_BY_KEY = new Map<string, Column>(COLUMNS.map((c) => [normalizeHeader(c), c]));

/*
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell starting with = + - @ TAB or CR
 * is executed by Excel/LibreOffice, so the export prefixes it with a single quote, which
 * spreadsheets treat as "this is text". parse() removes one leading quote only when what
 * follows is again a trigger character or more quotes then a trigger. Cells that already
 * start with quotes then a trigger get one more quote on export, so every value survives a
 * round trip unchanged. The flip side: a hand-written cell "'=x" is imported as "=x".
 */
const FORMULA_ESCAPED = /^'*[=+\-@\t\r]/;
const FORMULA_UNESCAPE = /^'+[=+\-@\t\r]/;
const escapeFormula = (cell: string) => (FORMULA_ESCAPED.test(cell) ? `'${cell}` : cell);
const unescapeFormula = (cell: string) => (FORMULA_UNESCAPE.test(cell) ? cell.slice(1) : cell);

type CsvRecord = { fields: string[]; error?: string };

const isDelimiter = (c: string | undefined) => c === ',' || c === '\n' || c === '\r';

/** RFC 4180 reader. Lenient on line endings (CRLF, LF or CR); a malformed record becomes an error, not an exception. */
function readRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let error: string | undefined;
  let i = 0;
  for (;;) {
    let value = '';
    if (text[i] === '"') {
      i++;
      let closed = false;
      while (i < text.length) {
        const quote = text.indexOf('"', i);
        if (quote === -1) {
          value += text.slice(i);
          i = text.length;
          break;
        }
        value += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          closed = true;
          break;
        }
      }
      if (!closed) error ??= 'a quoted field is never closed';
      const start = i;
      while (i < text.length && !isDelimiter(text[i])) i++;
      if (i > start) {
        error ??= 'unexpected text after the closing quote of a field';
        value += text.slice(start, i);
      }
    } else {
      const start = i;
      while (i < text.length && !isDelimiter(text[i])) i++;
      value = text.slice(start, i);
    }
    fields.push(value);
    if (text[i] === ',') {
      i++;
      continue;
    }
    records.push(error ? { fields, error } : { fields });
    fields = [];
    error = undefined;
    if (i >= text.length) break;
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    // A final line break ends the last record; it does not start an empty one.
    if (i >= text.length) break;
  }
  return records;
}

const isBlank = (r: CsvRecord) => r.fields.length === 1 && r.fields[0] === '' && !r.error;

function readHeader(record: CsvRecord | undefined): { positions: Map<Column, number>; width: number } {
  if (!record || isBlank(record)) throw new ValidationError('The CSV document has no header row', undefined, 'invalid_document');
  if (record.error) throw new ValidationError(`The CSV header row is malformed: ${record.error}`, undefined, 'invalid_document');
  const positions = new Map<Column, number>();
  record.fields.forEach((header, index) => {
    const column = COLUMN_BY_KEY.get(normalizeHeader(header));
    if (!column) return; // unknown columns (an id, notes) are ignored so exports from other tools still load
    if (positions.has(column)) throw new ValidationError(`The CSV header names column '${column}' twice`, undefined, 'invalid_document');
    positions.set(column, index);
  });
  const missing = (['name', 'query'] as const).filter((c) => !positions.has(c));
  if (missing.length) {
    throw new ValidationError(`The CSV header must have the columns name and query (missing: ${missing.join(', ')})`, { expected: COLUMNS, found: record.fields }, 'invalid_document');
  }
  return { positions, width: record.fields.length };
}

function readRow(fields: string[], positions: Map<Column, number>): { value: Record<string, unknown> } | { error: string } {
  const cell = (column: Column): string | undefined => {
    const index = positions.get(column);
    return index === undefined ? undefined : unescapeFormula(fields[index] ?? '');
  };
  const optional = (column: Column) => {
    const text = cell(column);
    return text === undefined || text.trim() === '' ? null : text;
  };

  let expectedParameters: Record<string, unknown> | null = null;
  const parametersText = optional('expectedParameters');
  if (parametersText !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(parametersText);
    } catch (err) {
      return { error: `expectedParameters is not valid JSON: ${(err as Error).message}` };
    }
    if (parsed !== null && !isPlainObject(parsed)) return { error: 'expectedParameters must be a JSON object' };
    expectedParameters = parsed;
  }

  const sequence = readSequenceCells(optional);
  if ('error' in sequence) return sequence;

  return {
    value: {
      ...sequence.value,
      name: cell('name') ?? '',
      query: cell('query') ?? '',
      // Server names cannot contain ";" (see ServerNameSchema), so it is a safe list separator.
      servers: (cell('servers') ?? '')
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean),
      expectedServer: optional('expectedServer'),
      expectedTool: optional('expectedTool'),
      expectedParameters,
      // An empty cell or a missing column is the default; a wrong word is left for the row schema to name.
      ...(optional('argumentMatching') === null ? {} : { argumentMatching: optional('argumentMatching')?.trim() }),
      // Tags cannot contain ";" either (see TagSchema); an empty cell or a missing column is none.
      ...(optional('tags') === null ? {} : { tags: (cell('tags') ?? '').split(';').map((s) => s.trim()).filter(Boolean) }),
    },
  };
}

function quoteField(cell: string): string {
  return /[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

function recordCells(r: TestCaseRecord): string[] {
  return [r.name, r.query, r.servers.join(';'), r.expectedServer ?? '', r.expectedTool ?? '', r.expectedParameters === null ? '' : JSON.stringify(r.expectedParameters), r.argumentMatching ?? 'strict', (r.tags ?? []).join(';')];
}

export const csvFormat: TestCaseFormat = {
  id: 'csv',
  description: 'CSV (RFC 4180) with the columns name, query, servers (";"-separated), expectedServer, expectedTool, expectedParameters (JSON), argumentMatching (strict or bfcl), tags (";"-separated); sequence cases add mode, expectedCalls (JSON), callOrder, context (JSON), forbiddenTools (JSON), maxSteps, execute (none, read-only or JSON) and mockResults (JSON)',
  contentType: 'text/csv; charset=utf-8',
  fileExtension: 'csv',

  /**
   * Columns absent from the header read as empty cells (servers [], the rest null).
   * Blank lines are skipped but still counted in the row numbers.
   */
  parse(text) {
    const body = stripBom(text);
    if (!body.trim()) throw new ValidationError('The document is empty', undefined, 'invalid_document');
    const [header, ...rows] = readRecords(body);
    const { positions, width } = readHeader(header);
    const parsed: ParsedRow[] = [];
    rows.forEach((record, i) => {
      const row = i + 1;
      if (isBlank(record)) return;
      if (record.error) {
        parsed.push({ row, error: record.error });
      } else if (record.fields.length !== width) {
        parsed.push({ row, error: `the row has ${record.fields.length} fields but the header has ${width}` });
      } else {
        parsed.push({ row, ...readRow(record.fields, positions) });
      }
    });
    return parsed;
  },

  serialize(records) {
    const withSequence = records.some((r) => Object.keys(sequenceRecordFields(r)).length > 0);
    const cells = (r: TestCaseRecord) => (withSequence ? [...recordCells(r), ...sequenceCells(r)] : recordCells(r));
    const lines = [(withSequence ? COLUMNS : BASE_COLUMNS).join(','), ...records.map((r) => cells(r).map(escapeFormula).map(quoteField).join(','))];
    return lines.map((line) => `${line}\r\n`).join('');
  },
};
