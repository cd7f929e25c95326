import { splitToolId, type Prefill, type PrefillChange, type ToolRef } from './prefill';

/** A rewrite as the similarity analysis writes it (`Revision`): only what the prefill needs. */
export type RewriteSource = { tool: string; after: string; source: 'rules' | 'llm' };

const SOURCE_LABEL = { rules: 'rule-based', llm: 'written by the LLM' } as const;

function uniqueRefs(ids: string[]): ToolRef[] {
  const seen = new Set<string>();
  const out: ToolRef[] = [];
  for (const id of ids) {
    const ref = splitToolId(id);
    if (!ref || seen.has(id)) continue;
    seen.add(id);
    out.push(ref);
  }
  return out;
}

/**
 * One variant "rewrite" for a similarity recommendation: the tool and the tools it is confused
 * with, each with its revised description when the analysis wrote one (the others start as
 * they are, for the user to edit), and the cases that expect any of them.
 */
export function prefillFromSimilarity(tool: string, relatedTools: string[], revisions: RewriteSource[]): Prefill {
  const byTool = new Map(revisions.map((r) => [r.tool, r]));
  const refs = uniqueRefs([tool, ...relatedTools]);
  const changes = refs.map((ref): PrefillChange => {
    const revision = byTool.get(`${ref.server}/${ref.tool}`);
    return revision ? { ...ref, description: revision.after, source: SOURCE_LABEL[revision.source] } : { ...ref };
  });
  const name = refs[0] ? `Rewrite ${refs[0].tool}` : 'Rewrite';
  return { name, variants: [{ name: 'rewrite', changes }], focusTools: refs };
}

/** A tool the run showed the model, as its snapshot holds it. */
export type ShownTool = { server: string; name: string; description: string; inputSchema?: Record<string, unknown> };

/**
 * The body of POST /api/similarity/recommendations for a run's advice: every tool the run showed
 * from the affected tools' servers, as the model saw them (the rules read a server's shared
 * passages and its other tools: a pair alone gives them nothing to cut or point to), with
 * threshold 0 so the affected pair is analysed however alike it scores, and no `llm`: the
 * keyless rule-based rewrites. Null when the run's snapshot holds neither tool.
 */
export function runAdviceRewriteRequest(tool: string, otherTool: string | undefined, shown: readonly ShownTool[]): Record<string, unknown> | null {
  const refs = uniqueRefs(otherTool ? [tool, otherTool] : [tool]);
  if (!refs.some((ref) => shown.some((t) => t.server === ref.server && t.name === ref.tool))) return null;
  const servers = new Set(refs.map((r) => r.server));
  const toolList = shown
    .filter((t) => servers.has(t.server))
    .map((t) => ({ server: t.server, name: t.name, description: t.description, ...(t.inputSchema ? { inputSchema: t.inputSchema } : {}) }));
  return { toolList, similarityThreshold: 0, includeRecommendations: true };
}

/**
 * The same from a run's advice: the expected tool and the one the model picked instead, each
 * with its rule-based rewrite when the analysis wrote one that differs, else the description
 * the model saw (ready to edit).
 */
export function prefillFromRunAdvice(tool: string, otherTool: string | undefined, shown: readonly ShownTool[], revisions: readonly RewriteSource[] = []): Prefill {
  const byTool = new Map(revisions.map((r) => [r.tool, r]));
  const refs = uniqueRefs(otherTool ? [tool, otherTool] : [tool]);
  const changes = refs.map((ref): PrefillChange => {
    const seen = shown.find((t) => t.server === ref.server && t.name === ref.tool);
    const revision = byTool.get(`${ref.server}/${ref.tool}`);
    if (revision && revision.after.trim() && revision.after !== seen?.description) return { ...ref, description: revision.after, source: SOURCE_LABEL[revision.source] };
    return seen ? { ...ref, description: seen.description, source: 'as the model saw it: edit it' } : { ...ref };
  });
  const name = refs[0] ? `Rewrite ${refs[0].tool}` : 'Rewrite';
  return { name, variants: [{ name: 'rewrite', changes }], focusTools: refs };
}

type RecommendationsAnswer = { recommendations?: { revisions?: RewriteSource[] } };

/**
 * Asks the similarity recommendations for the run's affected tools and prefills with their
 * rule-based rewrites; if the request fails, the prefill falls back to the texts the model saw.
 */
export async function prefillFromRunAdviceWithRewrites(
  tool: string,
  otherTool: string | undefined,
  shown: readonly ShownTool[],
  post: (path: string, body: Record<string, unknown>) => Promise<RecommendationsAnswer>,
): Promise<Prefill> {
  const body = runAdviceRewriteRequest(tool, otherTool, shown);
  if (!body) return prefillFromRunAdvice(tool, otherTool, shown);
  try {
    const answer = await post('/api/similarity/recommendations', body);
    const revisions = (answer.recommendations?.revisions ?? []).filter((r) => r.source === 'rules');
    return prefillFromRunAdvice(tool, otherTool, shown, revisions);
  } catch {
    return prefillFromRunAdvice(tool, otherTool, shown);
  }
}
