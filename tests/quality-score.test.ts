import { describe, expect, it } from 'vitest';
import { serverScore, SEVERITY_WEIGHT, toolScore } from '@/lib/quality/score';
import type { Finding, Severity } from '@/lib/quality/types';

const f = (ruleId: string, severity: Severity): Finding => ({ tool: 's/t', ruleId, severity, message: 'm', fix: 'f' });

describe('quality scores', () => {
  it('a tool loses the weight of each finding by severity', () => {
    expect(toolScore([])).toBe(100);
    expect(toolScore([f('a', 'error')])).toBe(100 - SEVERITY_WEIGHT.error);
    expect(toolScore([f('a', 'warning'), f('b', 'info')])).toBe(100 - SEVERITY_WEIGHT.warning - SEVERITY_WEIGHT.info);
    expect(SEVERITY_WEIGHT.error).toBeGreaterThan(SEVERITY_WEIGHT.warning);
    expect(SEVERITY_WEIGHT.warning).toBeGreaterThan(SEVERITY_WEIGHT.info);
  });

  it('counts a rule at most twice and never goes below 0', () => {
    expect(toolScore([f('a', 'warning'), f('a', 'warning'), f('a', 'warning')])).toBe(100 - 2 * SEVERITY_WEIGHT.warning);
    expect(toolScore(['a', 'b', 'c', 'd', 'e'].map((id) => f(id, 'error')))).toBe(0);
  });

  it('a server is the mean of its tools minus its own findings', () => {
    expect(serverScore([100, 50], [])).toBe(75);
    expect(serverScore([100, 50], [f('too-many', 'warning')])).toBe(75 - SEVERITY_WEIGHT.warning);
    expect(serverScore([10], [f('x', 'error')])).toBe(0);
  });
});
