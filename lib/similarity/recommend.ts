import { createYielder, type Yielder } from '@/lib/event-loop';
import type { PairAnalysis } from './analyze';
import { mapLimit } from './map-limit';
import { descriptionCommands, parameterCommands, renameCommands } from './recommend/patch';
import { reviseByRules } from './recommend/revise';
import { toolLabel } from './recommend/sentences';
import { ORDERED_RULES } from './recommend/rules/registry';
import { ISSUE_TYPES, type Finding, type Issue, type IssueType, type JsonPatchOperation, type PairView, type ParameterEdit, type Priority } from './recommend/types';
import { createEvidenceContext, pairEvidence, type EvidenceContext, type PairEvidence } from './recommend/evidence';
import type { ServerBoilerplate } from '@/lib/text/boilerplate';
import type { Scoring } from './scoring';
import type { SimilarityTool } from './types';

/** Recommendations look at the strongest flagged pairs; thousands of them say nothing more. */
export const MAX_RECOMMENDED_PAIRS = 1000;
/** LLM revisions cost money and time: the tools of the strongest pairs get one, the rest the rule-based text. */
export const MAX_LLM_REVISIONS = 25;
const LLM_CONCURRENCY = 4;

export type RevisionRequest = {
  tool: SimilarityTool;
  confusedWith: { tool: SimilarityTool; similarity: number; evidence?: PairEvidence }[];
  /** Every tool of the analysis: the revision must not name those of other servers. */
  tools: readonly SimilarityTool[];
  findings: Finding[];
  ruleBased: string;
};

/** Writes a revised description (an LLM); throws when it cannot, and the rule-based text is kept. */
export type DescriptionReviser = { label: string; revise(request: RevisionRequest, signal?: AbortSignal): Promise<string> };

export type Revision = {
  tool: string;
  before: string;
  after: string;
  source: 'rules' | 'llm';
  /** Why the LLM revision was not used, when it was attempted. */
  error?: string;
  /** Description and parameter changes of every issue of this tool, as one JSON Patch (renames excluded). */
  applyCommands: JsonPatchOperation[];
};

export type Recommendations = {
  issues: Issue[];
  revisions: Revision[];
  pairsConsidered: number;
  truncated: boolean;
  /** 'rules', or the LLM ("openai/gpt-4o-mini") that wrote the revisions. */
  revisedBy: string;
  notes: string[];
};

type ToolFindings = {
  index: number;
  strongest: number;
  views: PairView[];
  findings: Map<IssueType, { finding: Finding; related: string[] }>;
  parameterEdits: Map<string, ParameterEdit>;
};

const PRIORITY_RANK: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

function createViews(scoring: Scoring, context: EvidenceContext, a: number, b: number, similarity: number, threshold: number): [PairView, PairView] {
  const toolA = scoring.tools[a]!;
  const toolB = scoring.tools[b]!;
  const sameName = toolA.name === toolB.name;
  const labelA = toolLabel(sameName ? toolA.id : toolA.name);
  const labelB = toolLabel(sameName ? toolB.id : toolB.name);
  const fromA = pairEvidence(context, a, b);
  const fromB = pairEvidence(context, b, a);
  const view = (tool: SimilarityTool, other: SimilarityTool, toolLabel: string, otherLabel: string, evidence: PairEvidence): PairView => ({
    tool,
    other,
    toolLabel,
    otherLabel,
    similarity,
    threshold,
    ownWords: evidence.ownWords,
    otherWords: evidence.otherWords,
    evidence,
  });
  return [
    view(toolA, toolB, labelA, labelB, fromA),
    view(toolB, toolA, labelB, labelA, fromB),
  ];
}

async function collectFindings(scoring: Scoring, pairs: PairAnalysis['flagged'], threshold: number, boilerplate: readonly ServerBoilerplate[], pause: Yielder): Promise<ToolFindings[]> {
  const context = createEvidenceContext(scoring.tools, scoring.lexical.index, boilerplate);
  const byTool = new Map<number, ToolFindings>();
  for (const pair of pairs) {
    await pause();
    const views = createViews(scoring, context, pair.a, pair.b, pair.similarity, threshold);
    for (const view of views) {
      const index = view.tool === scoring.tools[pair.a] ? pair.a : pair.b;
      let entry = byTool.get(index);
      if (!entry) byTool.set(index, (entry = { index, strongest: pair.similarity, views: [], findings: new Map(), parameterEdits: new Map() }));
      entry.views.push(view);
      for (const rule of ORDERED_RULES) {
        const finding = rule.detect(view);
        if (!finding) continue;
        const known = entry.findings.get(finding.type);
        // Pairs arrive strongest first: the first finding of a type words the issue, later ones add related tools.
        if (!known) entry.findings.set(finding.type, { finding, related: [view.other.id] });
        else {
          known.related.push(view.other.id);
          if (PRIORITY_RANK[finding.priority] < PRIORITY_RANK[known.finding.priority]) known.finding = { ...known.finding, priority: finding.priority };
        }
        for (const edit of finding.parameterEdits ?? []) if (!entry.parameterEdits.has(edit.parameter)) entry.parameterEdits.set(edit.parameter, edit);
      }
    }
  }
  return [...byTool.values()].filter((e) => e.findings.size > 0);
}

async function reviseAll(
  scoring: Scoring,
  entries: ToolFindings[],
  reviser: DescriptionReviser | undefined,
  signal: AbortSignal | undefined,
  pause: Yielder,
): Promise<{ after: string; source: 'rules' | 'llm'; error?: string }[]> {
  let llmBudget = reviser ? MAX_LLM_REVISIONS : 0;
  return mapLimit(entries, LLM_CONCURRENCY, async (entry) => {
    // Rule-based revisions of hundreds of tools are request-thread work too.
    await pause();
    const tool = scoring.tools[entry.index]!;
    const findings = [...entry.findings.values()].map((f) => f.finding);
    const ruleBased = reviseByRules(tool, entry.views, findings);
    const describes = findings.some((f) => f.touchesDescription);
    if (!reviser || !describes || llmBudget <= 0) return { after: ruleBased, source: 'rules' as const };
    llmBudget--;
    const confusedWith = entry.views.slice(0, 3).map((v) => ({ tool: v.other, similarity: v.similarity, evidence: v.evidence }));
    try {
      const after = await reviser.revise({ tool, confusedWith, tools: scoring.tools, findings, ruleBased }, signal);
      return { after, source: 'llm' as const };
    } catch (err) {
      return { after: ruleBased, source: 'rules' as const, error: err instanceof Error ? err.message : String(err) };
    }
  });
}

/**
 * Explicit rules (recommend/rules/, one file per issue type) run on both sides of every
 * flagged pair; the findings are grouped per tool and type, and each tool gets one revised
 * description that every issue of that tool shares.
 */
export async function recommend(
  scoring: Scoring,
  analysis: PairAnalysis,
  options: { reviser?: DescriptionReviser; signal?: AbortSignal } = {},
): Promise<Recommendations> {
  // Rule checks on up to 1,000 pairs run on the request thread: yield to the event loop as they go.
  const pause = createYielder();
  const pairs = analysis.flagged.slice(0, MAX_RECOMMENDED_PAIRS);
  const entries = (await collectFindings(scoring, pairs, analysis.threshold, scoring.boilerplate, pause)).sort((x, y) => y.strongest - x.strongest || x.index - y.index);
  const revised = await reviseAll(scoring, entries, options.reviser, options.signal, pause);
  await pause();
  const notes: string[] = [];
  if (analysis.flagged.length > pairs.length) notes.push(`Recommendations cover the ${pairs.length} strongest of ${analysis.flagged.length} flagged pairs.`);
  if (options.reviser && entries.length > MAX_LLM_REVISIONS) notes.push(`${options.reviser.label} revised the ${MAX_LLM_REVISIONS} tools of the strongest pairs; the others have rule-based revisions.`);

  const issues: (Issue & { strongest: number })[] = [];
  const revisions: Revision[] = entries.map((entry, i) => {
    const tool = scoring.tools[entry.index]!;
    const revision = revised[i] ?? { after: tool.description, source: 'rules' as const };
    const describe = descriptionCommands(tool.description, revision.after);
    const params = parameterCommands(tool, [...entry.parameterEdits.values()]);
    for (const type of ISSUE_TYPES) {
      const found = entry.findings.get(type);
      if (!found) continue;
      const { finding, related } = found;
      const applyCommands = finding.touchesDescription
        ? describe
        : type === 'parameter_uniqueness'
          ? parameterCommands(tool, finding.parameterEdits ?? [])
          : finding.rename
            ? renameCommands(tool.name, finding.rename)
            : [];
      issues.push({
        type,
        tool: tool.id,
        relatedTools: [...new Set(related)],
        recommendation: finding.recommendation,
        rationale: finding.rationale,
        priority: finding.priority,
        revisedDescription: revision.after,
        applyCommands,
        strongest: entry.strongest,
      });
    }
    return {
      tool: tool.id,
      before: tool.description,
      after: revision.after,
      source: revision.source,
      ...(revision.error ? { error: revision.error } : {}),
      applyCommands: [...describe, ...params],
    };
  });
  issues.sort((x, y) => PRIORITY_RANK[x.priority] - PRIORITY_RANK[y.priority] || y.strongest - x.strongest || x.tool.localeCompare(y.tool));
  return {
    issues: issues.map(({ strongest: _strongest, ...issue }) => issue),
    revisions,
    pairsConsidered: pairs.length,
    truncated: analysis.flagged.length > pairs.length,
    revisedBy: options.reviser ? options.reviser.label : 'rules',
    notes,
  };
}
