import { describe, expect, it } from 'vitest';
import { corpusPairs, demoPairs, nameWords, type LabeledTool } from './calibration-pairs';

const tool = (server: string, name: string, description = `${name} on ${server}`): LabeledTool => ({ server, name, description });

describe('labeled calibration pairs', () => {
  it('pairs the same name across servers (not copies) and samples differing tools whose names share no word', () => {
    const tools = [
      tool('A', 'search', 'Search the web'),
      tool('B', 'search', 'Search an index'),
      tool('C', 'search', 'Search the web'),
      tool('A', 'list-tables'),
      tool('B', 'listTables'),
      tool('B', 'send_email'),
      tool('C', 'get_weather'),
    ];
    const options = { maxPairsPerName: 5, differentPairs: 10, sameServerPairs: 1, seed: 1 };
    const pairs = corpusPairs(tools, options);
    const confusable = pairs.filter((p) => p.confusable).map((p) => `${p.a.server}/${p.a.name}~${p.b.server}/${p.b.name}`);
    expect(confusable).toEqual(['A/list-tables~B/listTables', 'A/search~B/search', 'B/search~C/search']);
    const different = pairs.filter((x) => !x.confusable);
    for (const p of different) expect(nameWords(p.a.name).some((w) => nameWords(p.b.name).includes(w))).toBe(false);
    const sameServer = different.filter((p) => p.a.server === p.b.server);
    // One per server that has a pair of unrelated names (A: search/list-tables, B: three tools, C: search/get_weather).
    expect(sameServer.map((p) => p.a.server)).toEqual(['A', 'B', 'C']);
    expect(different.length).toBeGreaterThan(sameServer.length);
    expect(corpusPairs(tools, options)).toEqual(pairs);
  });

  it('labels the demo servers by hand and fails loudly when a named demo tool is gone', () => {
    const demo = ['rag_search', 'rag_retrieve_context', 'rag_answer_question'].map((n) => tool('rag', n));
    const rest = [tool('todo', 'list_todos'), tool('todo', 'search_todos'), tool('valuerank', 'get_run_summary'), tool('valuerank', 'get_dimension_analysis')];
    const pairs = demoPairs([...demo, ...rest]);
    expect(pairs.filter((p) => p.confusable)).toHaveLength(5);
    expect(pairs.filter((p) => !p.confusable)).toHaveLength(4);
    expect(() => demoPairs(rest)).toThrow(/rag\/rag_search not found/);
  });
});
