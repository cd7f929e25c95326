import { describe, expect, it } from 'vitest';
import { forgetPreparedServers, prepareTools, type PreparedTools } from '@/lib/similarity/prepare';
import type { SimilarityTool } from '@/lib/similarity/types';
import { parseToolAction, withoutProductPrefixes } from '@/lib/text/actions';
import { stripServerBoilerplate, type ServerBoilerplate } from '@/lib/text/boilerplate';
import { humanizeName } from '@/lib/text/tokenize';
import { hasSharedData, readSharedData } from './helpers/similarity-fixtures';

/** prepareTools as it was before servers were prepared one by one and remembered: all tools in one pass. */
function reference(tools: readonly SimilarityTool[]): PreparedTools {
  const texts = tools.map((t) => t.description);
  const boilerplateShare = tools.map(() => 0);
  const boilerplate: ServerBoilerplate[] = [];
  const byServer = new Map<string, number[]>();
  tools.forEach((t, i) => byServer.set(t.server, [...(byServer.get(t.server) ?? []), i]));
  for (const indices of byServer.values()) {
    const stripped = stripServerBoilerplate(
      indices.map((i) => tools[i]!),
      humanizeName,
    );
    indices.forEach((i, k) => {
      texts[i] = stripped.texts[k]!;
      boilerplateShare[i] = stripped.removedShare[k]!;
    });
    boilerplate.push(...stripped.spans);
  }
  const compared = tools.map((t, i) => (texts[i] === t.description ? t : { ...t, description: texts[i]! }));
  const parsed = compared.map((t) => parseToolAction(t.name, t.description));
  const actions = withoutProductPrefixes(
    parsed,
    compared.map((t) => t.name),
    compared.map((t) => t.server),
  );
  return { compared, actions, boilerplate, boilerplateShare };
}

function sharedTools(): SimilarityTool[] {
  return readSharedData().flatMap((s) =>
    s.tools.map((t) => ({ id: `${s.name}/${t.name}`, server: s.name, name: t.name, description: t.description ?? '', parameters: [] })),
  );
}

describe.skipIf(!hasSharedData)('prepareTools, server by server and remembered', () => {
  it('gives what one pass over all tools gives: first, remembered, and with one server changed', async () => {
    forgetPreparedServers();
    // Servers interleaved (every third tool moved to the end), so a server's tools are not contiguous.
    const all = sharedTools();
    const tools = [...all.filter((_, i) => i % 3 !== 0), ...all.filter((_, i) => i % 3 === 0)];
    const expected = reference(tools);
    expect(expected.boilerplate.length).toBeGreaterThan(5);
    // Product prefixes are taken off some objects (a step that reads a whole server), or this proves less.
    const parsedOnly = expected.compared.map((t) => JSON.stringify(parseToolAction(t.name, t.description)));
    expect(expected.actions.filter((a, i) => JSON.stringify(a) !== parsedOnly[i]).length).toBeGreaterThan(20);
    const first = await prepareTools(tools);
    expect(first).toEqual(expected);
    const again = await prepareTools(tools);
    expect(again).toEqual(expected);
    // Remembered: the same action objects, not parsed again.
    expect(again.actions.length).toBeGreaterThan(100);
    expect(again.actions.every((a, i) => a === first.actions[i])).toBe(true);

    // One server's descriptions changed: that server is prepared again, the others come from memory.
    const server = expected.boilerplate[0]!.server;
    const changed = tools.map((t) => (t.server === server ? { ...t, description: `Use with care. ${t.description}` } : t));
    const after = await prepareTools(changed);
    expect(after).toEqual(reference(changed));
    expect(after.compared.filter((t) => t.server === server)).not.toEqual(expected.compared.filter((t) => t.server === server));
  });
});
