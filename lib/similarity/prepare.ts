import { parseToolAction, withoutProductPrefixes, type ToolAction } from '@/lib/text/actions';
import { createYielder } from '@/lib/event-loop';
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

const NO_ACTION: ToolAction = { verb: null, alternatives: [], object: [], described: [], prefix: [] };

/**
 * Cooperative: thousands of tools take tens of milliseconds to strip and parse, so the work
 * yields between servers and tools (lib/event-loop.ts) instead of holding every request.
 */
export async function prepareTools(tools: readonly SimilarityTool[], features = { boilerplate: true, actions: true }): Promise<PreparedTools> {
  const pause = createYielder();
  const texts = tools.map((t) => t.description);
  const boilerplateShare = tools.map(() => 0);
  const boilerplate: ServerBoilerplate[] = [];
  if (features.boilerplate) {
    // Boilerplate is a property of one server's descriptions: strip server by server.
    const byServer = new Map<string, number[]>();
    tools.forEach((t, i) => byServer.set(t.server, [...(byServer.get(t.server) ?? []), i]));
    for (const indices of byServer.values()) {
      const stripped = stripServerBoilerplate(indices.map((i) => tools[i]!), humanizeName);
      indices.forEach((i, k) => {
        texts[i] = stripped.texts[k]!;
        boilerplateShare[i] = stripped.removedShare[k]!;
      });
      boilerplate.push(...stripped.spans);
      await pause();
    }
  }
  const compared = tools.map((t, i) => (texts[i] === t.description ? t : { ...t, description: texts[i]! }));
  // Actions read the text as compared: a shared header's first verb is no tool's action.
  const parsed: ToolAction[] = [];
  for (const t of compared) {
    parsed.push(features.actions ? parseToolAction(t.name, t.description) : NO_ACTION);
    await pause();
  }
  const actions = withoutProductPrefixes(parsed, compared.map((t) => t.name), compared.map((t) => t.server));
  return { compared, actions, boilerplate, boilerplateShare };
}
