import { repeatedGrams, boilerplateIn } from './boilerplate';
import { QUALITY_RULES } from './registry';
import { serverScore, toolScore } from './score';
import type { Finding, LintTool, QualityRule, ServerContext, Severity } from './types';

/** The lint of a set of tools: findings and scores per tool and per server (lib/quality/score.ts). */

export type ToolReport = { id: string; server: string; name: string; score: number; boilerplateShare: number; findings: Finding[] };
export type ServerReport = { name: string; toolCount: number; score: number; findings: Finding[] };
export type RuleSummary = Pick<QualityRule, 'id' | 'severity' | 'category' | 'description' | 'scope'>;
export type LintReport = {
  tools: ToolReport[];
  servers: ServerReport[];
  rules: RuleSummary[];
  /** byRule: how many tools (server rules: servers) have at least one finding of the rule. */
  summary: { toolCount: number; serverCount: number; toolsWithFindings: number; meanToolScore: number; byRule: Record<string, number>; bySeverity: Record<Severity, number> };
};

function groupByServer(tools: LintTool[]): ServerContext[] {
  const groups = new Map<string, LintTool[]>();
  for (const t of tools) groups.set(t.server, [...(groups.get(t.server) ?? []), t]);
  return [...groups].map(([name, list]) => ({ name, tools: list, boilerplateGrams: repeatedGrams(list.map((t) => t.description)) }));
}

export function describeRules(rules: readonly QualityRule[] = QUALITY_RULES): RuleSummary[] {
  return rules.map(({ id, severity, category, description, scope }) => ({ id, severity, category, description, scope }));
}

/**
 * Runs every rule over every tool, grouped by server (the boilerplate and name rules compare
 * a tool with its server's other tools). `tools` carry unique ids (server/name).
 */
export function lintTools(tools: LintTool[], rules: readonly QualityRule[] = QUALITY_RULES): LintReport {
  const toolReports: ToolReport[] = [];
  const serverReports: ServerReport[] = [];
  const byRule: Record<string, number> = Object.fromEntries(rules.map((r) => [r.id, 0]));
  const bySeverity: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  const count = (findings: Finding[]) => {
    for (const id of new Set(findings.map((f) => f.ruleId))) byRule[id] = (byRule[id] ?? 0) + 1;
    for (const f of findings) bySeverity[f.severity]++;
  };
  for (const ctx of groupByServer(tools)) {
    const scores: number[] = [];
    for (const tool of ctx.tools) {
      const findings = rules.flatMap((rule) =>
        rule.scope === 'tool' ? rule.check(tool, ctx).map((issue): Finding => ({ tool: tool.id, ruleId: rule.id, severity: rule.severity, ...issue })) : [],
      );
      const score = toolScore(findings);
      scores.push(score);
      count(findings);
      const share = boilerplateIn(tool.description, ctx.boilerplateGrams).share;
      toolReports.push({ id: tool.id, server: tool.server, name: tool.name, score, boilerplateShare: Math.round(share * 1000) / 1000, findings });
    }
    const findings = rules.flatMap((rule) =>
      rule.scope === 'server' ? rule.check(ctx).map((issue): Finding => ({ tool: ctx.name, ruleId: rule.id, severity: rule.severity, ...issue })) : [],
    );
    count(findings);
    serverReports.push({ name: ctx.name, toolCount: ctx.tools.length, score: serverScore(scores, findings), findings });
  }
  const mean = toolReports.length ? toolReports.reduce((a, t) => a + t.score, 0) / toolReports.length : 100;
  return {
    tools: toolReports,
    servers: serverReports,
    rules: describeRules(rules),
    summary: {
      toolCount: toolReports.length,
      serverCount: serverReports.length,
      toolsWithFindings: toolReports.filter((t) => t.findings.length > 0).length,
      meanToolScore: Math.round(mean * 10) / 10,
      byRule,
      bySeverity,
    },
  };
}
