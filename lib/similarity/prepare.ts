import { parseToolAction, withoutProductPrefixes, type ToolAction } from '@/lib/text/actions';
import { stripServerBoilerplate, type ServerBoilerplate } from '@/lib/text/boilerplate';
import { humanizeName } from '@/lib/text/tokenize';
import type { SimilarityTool } from './types';

/**
 * What every method compares, derived once per analysis from the tools as given:
 * - `compared`: the tools with each server's boilerplate cut from their descriptions
 *   (lib/text/boilerplate.ts); the originals stay in Scoring.tools for display and patches;
 * - `actions`: each tool's action and object (lib/text/actions.ts), for action-adjust.ts;
 * - `boilerplate`: the spans cut, per server, for the response and the recommendations.
 */
export type PreparedTools = { compared: SimilarityTool[]; actions: ToolAction[]; boilerplate: ServerBoilerplate[]; boilerplateShare: number[] };

export function prepareTools(tools: readonly SimilarityTool[], features = { boilerplate: true, actions: true }): PreparedTools {
  const stripped = features.boilerplate
    ? stripServerBoilerplate(tools, humanizeName)
    : { texts: tools.map((t) => t.description), removedShare: tools.map(() => 0), spans: [] };
  const compared = tools.map((t, i) => (stripped.texts[i] === t.description ? t : { ...t, description: stripped.texts[i]! }));
  // Actions read the text as compared: a shared header's first verb is no tool's action.
  const parsed = compared.map((t) => (features.actions ? parseToolAction(t.name, t.description) : { verb: null, alternatives: [], object: [], described: [], prefix: [] }));
  const actions = withoutProductPrefixes(parsed, compared.map((t) => t.name), compared.map((t) => t.server));
  return { compared, actions, boilerplate: stripped.spans, boilerplateShare: stripped.removedShare };
}
