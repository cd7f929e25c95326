import type { SimilarityTool } from '../similarity/types';

/** Description quality lint: shapes shared by the rules, the scores and the exports. Nothing is stored. */

export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const CATEGORIES = ['rubric', 'mcp-spec', 'schema', 'client-limits', 'boilerplate'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The text a finding points at: offsets into the tool's description (or its name when `field` says so). */
export type Span = { start: number; end: number; text: string };

export type Finding = {
  /** "server/tool" for a tool finding, the server's name for a server finding. */
  tool: string;
  ruleId: string;
  severity: Severity;
  message: string;
  fix: string;
  span?: Span;
};

/** A tool as the lint reads it: the similarity extraction's tool (annotations included when given). */
export type LintTool = SimilarityTool;

export type ServerContext = {
  name: string;
  tools: LintTool[];
  /** Word n-grams (lib/quality/boilerplate) present in many of this server's tools; computed once per server. */
  boilerplateGrams: ReadonlySet<string>;
};

/** What a finding of the rule says, before the lint adds the tool id, rule id and severity. */
export type Issue = { message: string; fix: string; span?: Span };

type RuleBase = { id: string; severity: Severity; category: Category; description: string };
/** A rule about one tool. */
export type ToolRule = RuleBase & { scope: 'tool'; check: (tool: LintTool, ctx: ServerContext) => Issue[] };
/** A rule about a whole server (its tool count). */
export type ServerRule = RuleBase & { scope: 'server'; check: (ctx: ServerContext) => Issue[] };
export type QualityRule = ToolRule | ServerRule;
