import { MAX_STEPS_DEFAULT, type SequenceFields } from '@/lib/eval/sequence/types';

/**
 * The sequence fields (issue 17) as they travel in import/export files. A file carries only
 * the values that differ from a selection case's defaults, so exports of today's cases read
 * as before; expectedCalls is written when it holds two or more calls (one is the pair).
 */
export type SequenceRecordFields = Partial<SequenceFields>;

export const SEQUENCE_JSON_COLUMNS = ['expectedCalls', 'context', 'forbiddenTools', 'mockResults'] as const;
export const SEQUENCE_WORD_COLUMNS = ['mode', 'callOrder', 'maxSteps', 'execute'] as const;
export const SEQUENCE_COLUMNS = ['mode', 'expectedCalls', 'callOrder', 'context', 'forbiddenTools', 'maxSteps', 'execute', 'mockResults'] as const;

/** The non-default sequence values of a record, in a fixed key order. */
export function sequenceRecordFields(r: SequenceRecordFields): SequenceRecordFields {
  const out: SequenceRecordFields = {};
  if (r.mode && r.mode !== 'selection') out.mode = r.mode;
  if (r.expectedCalls && r.expectedCalls.length > 1) out.expectedCalls = r.expectedCalls;
  if (r.callOrder && r.callOrder !== 'exact') out.callOrder = r.callOrder;
  if (r.context?.length) out.context = r.context;
  if (r.forbiddenTools?.length) out.forbiddenTools = r.forbiddenTools;
  if (r.maxSteps !== undefined && r.maxSteps !== MAX_STEPS_DEFAULT) out.maxSteps = r.maxSteps;
  if (r.execute !== undefined && r.execute !== 'none') out.execute = r.execute;
  if (r.mockResults?.length) out.mockResults = r.mockResults;
  return out;
}

/** CSV cells of the sequence columns: JSON for lists and the allow-list policy, words and numbers otherwise. */
export function sequenceCells(r: SequenceRecordFields): string[] {
  const s = sequenceRecordFields(r);
  return SEQUENCE_COLUMNS.map((column) => {
    const value = s[column];
    if (value === undefined) return '';
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    return JSON.stringify(value);
  });
}

/** Reads the sequence cells of a CSV row; empty cells are left out (the defaults apply). */
export function readSequenceCells(cell: (column: (typeof SEQUENCE_COLUMNS)[number]) => string | null): { value: Record<string, unknown> } | { error: string } {
  const value: Record<string, unknown> = {};
  for (const column of SEQUENCE_JSON_COLUMNS) {
    const text = cell(column);
    if (text === null) continue;
    try {
      value[column] = JSON.parse(text) as unknown;
    } catch (err) {
      return { error: `${column} is not valid JSON: ${(err as Error).message}` };
    }
  }
  for (const column of SEQUENCE_WORD_COLUMNS) {
    const text = cell(column)?.trim();
    if (text === undefined || text === '') continue;
    if (column === 'maxSteps') value[column] = /^\d{1,6}$/.test(text) ? Number(text) : text;
    else if (column === 'execute' && text.startsWith('{')) {
      try {
        value[column] = JSON.parse(text) as unknown;
      } catch (err) {
        return { error: `execute is not valid JSON: ${(err as Error).message}` };
      }
    } else value[column] = text;
  }
  return { value };
}
