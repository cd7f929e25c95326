import type { Finding, Severity } from './types';

/**
 * Quality scores, 0-100, in one place.
 * - A tool starts at 100 and loses SEVERITY_WEIGHT for each finding: error 25, warning 10,
 *   info 3. A rule counts at most twice per tool, so one long list of untyped parameters
 *   does not hide every other smell.
 * - A server is the mean of its tools' scores, minus the same weights for each server-level
 *   finding (too many tools).
 * Both are clamped to 0-100 and rounded.
 */
export const SEVERITY_WEIGHT: Record<Severity, number> = { error: 25, warning: 10, info: 3 };
const MAX_PER_RULE = 2;

function penalty(findings: Finding[]): number {
  const perRule = new Map<string, number>();
  let total = 0;
  for (const f of findings) {
    const n = (perRule.get(f.ruleId) ?? 0) + 1;
    perRule.set(f.ruleId, n);
    if (n <= MAX_PER_RULE) total += SEVERITY_WEIGHT[f.severity];
  }
  return total;
}

function clamp(score: number): number {
  return Math.round(Math.min(100, Math.max(0, score)));
}

export function toolScore(findings: Finding[]): number {
  return clamp(100 - penalty(findings));
}

export function serverScore(toolScores: number[], serverFindings: Finding[]): number {
  const mean = toolScores.length ? toolScores.reduce((a, b) => a + b, 0) / toolScores.length : 100;
  return clamp(mean - penalty(serverFindings));
}
