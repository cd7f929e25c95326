import { seededRandom } from '@/lib/seeded-random';
import { CROSS_SERVER, DEV_DIFFERENT, VERB_SYNONYMS } from './dev-pairs';

/**
 * The labeled set the calibration is derived from: pairs of real tool descriptions that a
 * person (or a model picking a tool) would likely confuse, and pairs that plainly differ.
 * The texts embedded are the descriptions alone, as the analysis compares them.
 */
export type LabeledTool = { server: string; name: string; description: string };
export type LabeledPair = { a: LabeledTool; b: LabeledTool; confusable: boolean; why: string };

/**
 * Demo-server pairs judged by hand. The RAG tools overlap on purpose ("find relevant
 * passages"); list/search over the same todos and two per-run score reports do too.
 */
export const DEMO_CONFUSABLE: readonly [string, string][] = [
  ['rag/rag_search', 'rag/rag_retrieve_context'],
  ['rag/rag_search', 'rag/rag_answer_question'],
  ['rag/rag_retrieve_context', 'rag/rag_answer_question'],
  ['todo/list_todos', 'todo/search_todos'],
  ['valuerank/get_run_summary', 'valuerank/get_dimension_analysis'],
];

/** The todo list and the ValueRank evaluation browser share no task: all their cross pairs differ. */
export const DEMO_DIFFERENT_SERVERS: readonly [string, string] = ['todo', 'valuerank'];

const key = (t: LabeledTool) => `${t.server}/${t.name}`;

export function demoPairs(tools: readonly LabeledTool[]): LabeledPair[] {
  const byKey = new Map(tools.map((t) => [key(t), t]));
  const pairs: LabeledPair[] = [];
  for (const [x, y] of DEMO_CONFUSABLE) {
    const a = byKey.get(x);
    const b = byKey.get(y);
    if (!a || !b) throw new Error(`Demo tool ${a ? y : x} not found: update DEMO_CONFUSABLE`);
    pairs.push({ a, b, confusable: true, why: 'demo: judged confusable' });
  }
  const [left, right] = DEMO_DIFFERENT_SERVERS;
  for (const a of tools.filter((t) => t.server === left)) {
    for (const b of tools.filter((t) => t.server === right)) pairs.push({ a, b, confusable: false, why: `demo: ${left} vs ${right}` });
  }
  return pairs;
}

/** Identifier words of a tool name: "list_tables", "listTables" and "list-tables" all give list, tables. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const normalizedName = (name: string) => nameWords(name).join('_');
const normalizedText = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

export type CorpusPairOptions = { maxPairsPerName: number; differentPairs: number; sameServerPairs: number; seed: number };

/**
 * Pairs from the shared corpus of real MCP servers:
 * - confusable: the same tool name on two different servers ("search", "list_tables",
 *   "send_message"), whose descriptions are not word-for-word copies (forks of one server
 *   would only teach that identical text is identical); at most `maxPairsPerName` per name, so
 *   13 servers' "search" do not outweigh the rest;
 * - different: random tools of different servers whose names share no word, and, because real
 *   analyses mostly compare the tools of one server with each other, up to `sameServerPairs`
 *   random pairs per server whose names share no word (GitHub's create_issue vs fork_repository).
 *   The second kind is harder: same domain and vocabulary, different job. A few are
 *   mislabeled synonyms (search vs query); they make the boundary stricter, not looser.
 */
export function corpusPairs(tools: readonly LabeledTool[], options: CorpusPairOptions): LabeledPair[] {
  const usable = tools.filter((t) => t.description.trim().length > 0);
  const byName = new Map<string, LabeledTool[]>();
  for (const tool of usable) {
    const name = normalizedName(tool.name);
    byName.set(name, [...(byName.get(name) ?? []), tool]);
  }
  const pairs: LabeledPair[] = [];
  for (const [name, group] of [...byName].sort(([x], [y]) => x.localeCompare(y))) {
    let taken = 0;
    for (let i = 0; i < group.length && taken < options.maxPairsPerName; i++) {
      for (let j = i + 1; j < group.length && taken < options.maxPairsPerName; j++) {
        const a = group[i]!;
        const b = group[j]!;
        if (a.server === b.server || normalizedText(a.description) === normalizedText(b.description)) continue;
        pairs.push({ a, b, confusable: true, why: `same name "${name}" on two servers` });
        taken++;
      }
    }
  }
  const random = seededRandom(options.seed);
  const seen = new Set<string>();
  for (let attempts = 0; attempts < options.differentPairs * 20 && seen.size < options.differentPairs; attempts++) {
    const a = usable[Math.floor(random() * usable.length)]!;
    const b = usable[Math.floor(random() * usable.length)]!;
    const id = [key(a), key(b)].sort().join('|');
    if (a.server === b.server || seen.has(id)) continue;
    const words = new Set(nameWords(a.name));
    if (nameWords(b.name).some((w) => words.has(w))) continue;
    seen.add(id);
    pairs.push({ a, b, confusable: false, why: 'random tools of different servers, names share no word' });
  }
  pairs.push(...sameServerPairs(usable, options.sameServerPairs, random));
  return pairs;
}

function sameServerPairs(tools: readonly LabeledTool[], perServer: number, random: () => number): LabeledPair[] {
  const byServer = new Map<string, LabeledTool[]>();
  for (const tool of tools) byServer.set(tool.server, [...(byServer.get(tool.server) ?? []), tool]);
  const pairs: LabeledPair[] = [];
  for (const [, group] of [...byServer].sort(([x], [y]) => x.localeCompare(y))) {
    const candidates: [LabeledTool, LabeledTool][] = [];
    for (let i = 0; i < group.length; i++) {
      const words = new Set(nameWords(group[i]!.name));
      for (let j = i + 1; j < group.length; j++) {
        if (!nameWords(group[j]!.name).some((w) => words.has(w))) candidates.push([group[i]!, group[j]!]);
      }
    }
    for (let taken = 0; taken < perServer && candidates.length > 0; taken++) {
      const [a, b] = candidates.splice(Math.floor(random() * candidates.length), 1)[0]!;
      pairs.push({ a, b, confusable: false, why: 'tools of one server, names share no word' });
    }
  }
  return pairs;
}

/**
 * The hand-labeled development pairs of dev-pairs.ts (confusable pairs with different verbs,
 * cross-server synonyms, clearly differing pairs) over the corpus tools. The hard negatives
 * are left out on purpose: the calibration maps raw cosines before the action adjustment,
 * which is what ranks them down (lib/similarity/action-adjust.ts).
 */
export function devLabeledPairs(tools: readonly LabeledTool[]): LabeledPair[] {
  const byKey = new Map(tools.map((t) => [key(t), t]));
  const pairs: LabeledPair[] = [];
  const add = (list: readonly (readonly [string, string, string])[], confusable: boolean, why: string) => {
    for (const [x, y] of list) {
      const a = byKey.get(x);
      const b = byKey.get(y);
      if (!a || !b) throw new Error(`Development pair tool ${a ? y : x} not found in the corpus`);
      pairs.push({ a, b, confusable, why });
    }
  };
  add(VERB_SYNONYMS, true, 'dev: confusable, different verbs');
  add(CROSS_SERVER, true, 'dev: confusable across servers');
  add(DEV_DIFFERENT, false, 'dev: clearly different');
  return pairs;
}
