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

/**
 * The same from a run's advice: the expected tool and the one the model picked instead. Runs carry
 * no rewritten text, so both start with the descriptions the model saw, ready to edit.
 */
export function prefillFromRunAdvice(tool: string, otherTool: string | undefined, shown: { server: string; name: string; description: string }[]): Prefill {
  const refs = uniqueRefs(otherTool ? [tool, otherTool] : [tool]);
  const changes = refs.map((ref): PrefillChange => {
    const seen = shown.find((t) => t.server === ref.server && t.name === ref.tool);
    return seen ? { ...ref, description: seen.description, source: 'as the model saw it: edit it' } : { ...ref };
  });
  const name = refs[0] ? `Rewrite ${refs[0].tool}` : 'Rewrite';
  return { name, variants: [{ name: 'rewrite', changes }], focusTools: refs };
}
