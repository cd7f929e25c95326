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

type Features = { boilerplate: boolean; actions: boolean };

const NO_ACTION: ToolAction = { verb: null, alternatives: [], object: [], described: [], prefix: [] };

/** One server's part: every step above reads only that server's tools (names and descriptions). */
type ServerPart = { texts: string[]; shares: number[]; spans: ServerBoilerplate[]; actions: ToolAction[] };

function prepareServer(server: string, tools: readonly SimilarityTool[], features: Features): ServerPart {
  const stripped = features.boilerplate
    ? stripServerBoilerplate(tools, humanizeName)
    : { texts: tools.map((t) => t.description), removedShare: tools.map(() => 0), spans: [] };
  // Actions read the text as compared: a shared header's first verb is no tool's action.
  const parsed = tools.map((t, k) => (features.actions ? parseToolAction(t.name, stripped.texts[k]!) : NO_ACTION));
  const actions = withoutProductPrefixes(
    parsed,
    tools.map((t) => t.name),
    tools.map(() => server),
  );
  return { texts: stripped.texts, shares: stripped.removedShare, spans: stripped.spans, actions };
}

/**
 * Servers prepared by recent analyses, by their tools' names and descriptions: parsing and
 * boilerplate detection cost about 50 µs a tool (1.1 s of the request thread at 20,000 tools),
 * and an analysis is usually run again on the same servers (another threshold, a fixed
 * description: only that server is prepared again). Bounded by tools, least recently used out.
 * The parts are shared between analyses: nothing downstream changes them (actions are copied
 * when they gain object vectors). An analysis of more tools than the bound neither reads nor
 * fills it (at 100,000 tools it would only churn, and its memory counts against the peak).
 */
const MEMO_MAX_TOOLS = 50_000;
const memo = new Map<string, ServerPart>();
let memoTools = 0;

function memoKey(server: string, tools: readonly SimilarityTool[], features: Features): string {
  return JSON.stringify([features.boilerplate, features.actions, server, tools.map((t) => t.name), tools.map((t) => t.description)]);
}

function preparedServer(server: string, tools: readonly SimilarityTool[], features: Features, remember: boolean): ServerPart {
  if (!remember) return prepareServer(server, tools, features);
  const key = memoKey(server, tools, features);
  const known = memo.get(key);
  if (known) {
    // Most recently used last: Map keeps insertion order.
    memo.delete(key);
    memo.set(key, known);
    return known;
  }
  const part = prepareServer(server, tools, features);
  memo.set(key, part);
  memoTools += tools.length;
  for (const [oldest, old] of memo) {
    if (memoTools <= MEMO_MAX_TOOLS) break;
    memo.delete(oldest);
    memoTools -= old.texts.length;
  }
  return part;
}

/** Forgets the prepared servers (tests that measure a first analysis). */
export function forgetPreparedServers(): void {
  memo.clear();
  memoTools = 0;
}

/**
 * Cooperative: thousands of tools take tens of milliseconds to strip and parse, so the work
 * yields between servers (lib/event-loop.ts) instead of holding every request.
 */
export async function prepareTools(tools: readonly SimilarityTool[], features: Features = { boilerplate: true, actions: true }): Promise<PreparedTools> {
  const pause = createYielder();
  const texts = tools.map((t) => t.description);
  const boilerplateShare = tools.map(() => 0);
  const boilerplate: ServerBoilerplate[] = [];
  const actions: ToolAction[] = new Array<ToolAction>(tools.length);
  // Boilerplate is a property of one server's descriptions, and product prefixes of one server's names.
  const byServer = new Map<string, number[]>();
  tools.forEach((t, i) => {
    const list = byServer.get(t.server);
    if (list) list.push(i);
    else byServer.set(t.server, [i]);
  });
  for (const [server, indices] of byServer) {
    const part = preparedServer(
      server,
      indices.map((i) => tools[i]!),
      features,
      tools.length <= MEMO_MAX_TOOLS,
    );
    indices.forEach((i, k) => {
      texts[i] = part.texts[k]!;
      boilerplateShare[i] = part.shares[k]!;
      actions[i] = part.actions[k]!;
    });
    boilerplate.push(...part.spans);
    await pause();
  }
  const compared = tools.map((t, i) => (texts[i] === t.description ? t : { ...t, description: texts[i]! }));
  return { compared, actions, boilerplate, boilerplateShare };
}
