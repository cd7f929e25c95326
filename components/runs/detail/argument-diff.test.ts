import { describe, expect, it } from 'vitest';
import { diffArguments } from './argument-diff';

const statuses = (rows: ReturnType<typeof diffArguments>) => Object.fromEntries(rows.map((r) => [r.param, r.status]));

describe('diffArguments', () => {
  it('takes the server verdict when the arguments were scored', () => {
    const rows = diffArguments({
      expected: { city: 'Paris', days: 3, units: { $oneOf: ['metric', 'si'] }, note: { $absent: true } },
      actual: { city: ' paris ', days: 4, extra: true, bogus: 1 },
      failureReasons: ['value_mismatch:days', 'missing_required:units', 'unexpected_param:bogus', 'type_error:bogus'],
      scored: true,
    });
    expect(statuses(rows)).toEqual({ city: 'match', days: 'mismatch', units: 'missing', note: 'match', extra: 'unchecked', bogus: 'unexpected' });
    expect(rows.find((r) => r.param === 'units')?.expected).toEqual({ kind: 'matcher', value: { $oneOf: ['metric', 'si'] } });
    expect(rows.find((r) => r.param === 'bogus')?.typeError).toBe(true);
  });

  it('runs the matchers itself when the tool was wrong (nothing scored)', () => {
    const rows = diffArguments({ expected: { q: { $regex: '^ssl' }, limit: 5 }, actual: { q: 'ssl certificate', limit: '5.0' }, failureReasons: ['wrong_tool'], scored: false });
    expect(statuses(rows)).toEqual({ q: 'match', limit: 'match' });
  });

  it('lists required parameters left out when nothing was expected', () => {
    const rows = diffArguments({ expected: null, actual: {}, failureReasons: ['missing_required:runId'], scored: true });
    expect(rows).toEqual([{ param: 'runId', expected: { kind: 'required' }, actual: undefined, status: 'missing', typeError: false }]);
  });

  it('treats a malformed matcher as a mismatch instead of throwing', () => {
    const rows = diffArguments({ expected: { a: { $nope: 1 } }, actual: { a: 1 }, failureReasons: [], scored: false });
    expect(rows[0]?.status).toBe('mismatch');
  });
});
