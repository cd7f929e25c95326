import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors';
import { getReportFormat, REPORT_FORMATS } from './registry';
import { REPORT_FORMAT_IDS } from './types';

describe('report format registry', () => {
  it('has one format per id, under its own id', () => {
    expect(Object.keys(REPORT_FORMATS).sort()).toEqual([...REPORT_FORMAT_IDS].sort());
    for (const id of REPORT_FORMAT_IDS) expect(getReportFormat(id).id).toBe(id);
  });

  it('names the known formats for an unknown one', () => {
    expect(() => getReportFormat('pdf')).toThrow(ValidationError);
    expect(() => getReportFormat('pdf')).toThrow(/json, csv, md, html/);
  });
});
