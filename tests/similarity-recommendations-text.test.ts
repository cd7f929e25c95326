import { beforeAll, describe, expect, it } from 'vitest';
import { analyzePairs, type PairAnalysis } from '@/lib/similarity/analyze';
import { defaultWordVectorFiles, loadWordVectorProvider } from '@/lib/embeddings/word-vectors';
import type { EmbeddingProvider } from '@/lib/embeddings/types';
import { finalizeTools } from '@/lib/similarity/extract/finalize';
import { fromServerList } from '@/lib/similarity/extract/request-lists';
import { recommend, type Recommendations } from '@/lib/similarity/recommend';
import { checkRecommendationText, checkRevision, checkSentences, checkSuggestedName, splitSentences } from '@/lib/similarity/recommend/text-quality';
import { buildScoring } from '@/lib/similarity/scoring';
import type { SimilarityTool } from '@/lib/similarity/types';
import { SHARED_WORD_VECTORS_FILE } from './helpers/shared-word-vectors';
import { backendFor } from './helpers/similarity-embedding';
import { hasSharedData, listDemoServers, listNpmServers, readSharedData } from './helpers/similarity-fixtures';

/**
 * Recommendation text read the way a person would: whole sentences, objects named, no tool
 * named twice in one sentence, suggested names of one verb and an object, revisions that stay
 * within their own server. Checked over every recommendation for real servers (the demo
 * servers, the npm filesystem and memory servers) and 200 flagged pairs of the shared
 * 2,797-tool file, with the default offline model (word vectors). No snapshots: the checker
 * states the properties, and its own tests show it catches the templates it guards against.
 */

function tool(server: string, name: string, description = 'A tool.'): SimilarityTool {
  return { id: `${server}/${name}`, server, name, description, parameters: [] };
}

describe('the text checker', () => {
  const tools = [tool('fs', 'search_files'), tool('fs', 'find_files'), tool('web', 'web_search')];

  it('splits sentences outside quotes, calls and abbreviations', () => {
    expect(splitSentences('Rename it, e.g. search_passages. Add search({"q":"a. b"}). Quote "x. y" here.')).toEqual([
      'Rename it, e.g. search_passages.',
      'Add search({"q":"a. b"}).',
      'Quote "x. y" here.',
    ]);
  });

  it('catches the templated fragments the old rules wrote', () => {
    const old = checkSentences('Use it for find. For search, whose and match, use search_files instead.', tools);
    // "use it for", "for find.", the "for A, B and C, use" list and "For search," with a bare verb.
    expect(old.map((p) => p.check)).toEqual(['fragment', 'fragment', 'fragment', 'fragment']);
    expect(checkSentences('State when to pick search_files rather than find_files: it is for query, find_files for retrieve.', tools).map((p) => p.check)).toContain('fragment');
    expect(checkSentences('search_files looks up files', tools).map((p) => p.check).sort()).toEqual(['capital', 'period']);
    expect(checkSentences('Only search_files takes a pattern, so search_files wins.', tools).map((p) => p.check)).toEqual(['repeated_name']);
    expect(checkSentences('Only search_files takes a pattern (string). Say so in the first sentence of each description.', tools)).toEqual([]);
  });

  it('counts a name inside a longer one once, and reads a backticked name with a question mark as part of its sentence', () => {
    const named = [tool('g', 'GitHub'), tool('g', 'GitHub Issues'), tool('g', 'Is Feed Done?'), tool('g', 'Is Content Done?')];
    expect(checkSentences('Merge GitHub and `GitHub Issues` into one tool.', named)).toEqual([]);
    expect(checkSentences('Only `Is Feed Done?` mentions "feed", and only `Is Content Done?` mentions "content".', named)).toEqual([]);
    expect(checkSentences('Only Is Feed Done? mentions "feed".', named).map((p) => p.check)).toEqual(['period', 'capital']);
  });

  it('refuses suggested names that glue two verbs, and accepts a verb with an object', () => {
    expect(checkSuggestedName('search_find_files').map((p) => p.check)).toEqual(['glued_verbs']);
    expect(checkSuggestedName('getFetchRun').map((p) => p.check)).toEqual(['glued_verbs']);
    expect(checkSuggestedName('search_passages')).toEqual([]);
  });

  it('refuses a revision that pulls in a tool of another server, and accepts one that names its own', () => {
    const [searchFiles] = tools;
    const before = 'Search files by glob pattern.';
    expect(checkRevision(searchFiles!, before, `${before} For pages on the web, use web_search.`, tools).map((p) => p.check)).toEqual(['other_server']);
    expect(checkRevision(searchFiles!, before, `${before} To find the files by name, use find_files.`, tools)).toEqual([]);
  });
});

let provider: EmbeddingProvider;

beforeAll(async () => {
  provider = await loadWordVectorProvider({ source: defaultWordVectorFiles().source, target: SHARED_WORD_VECTORS_FILE });
});

async function recommendFor(tools: SimilarityTool[], threshold: number, maxPairs?: number): Promise<{ recs: Recommendations; analysis: PairAnalysis }> {
  const scoring = await buildScoring(tools, { method: 'embedding', computeFull: false, withParameters: false }, backendFor(provider));
  const full = await analyzePairs(scoring, { threshold, topK: 3, computeFull: false });
  const analysis = maxPairs ? { ...full, flagged: full.flagged.slice(0, maxPairs) } : full;
  const start = performance.now();
  const recs = await recommend(scoring, analysis);
  const advising = recs.issues.filter((i) => i.recommendation).length;
  const merges = recs.issues.filter((i) => i.recommendation.startsWith('Merge ')).length;
  const renames = recs.issues.filter((i) => i.applyCommands.some((op) => op.path === '/name')).length;
  const changed = recs.revisions.filter((r) => r.after !== r.before).length;
  console.log(
    `recommendations for ${analysis.flagged.length} flagged pairs of ${tools.length} tools in ${Math.round(performance.now() - start)} ms: ${recs.issues.length} issues, ` +
      `${advising} with advice (${merges} merge, ${renames} rename), ${recs.issues.length - advising} rationale only; ${changed} of ${recs.revisions.length} descriptions revised`,
  );
  if (process.env.RECOMMENDATIONS_DUMP) (await import('node:fs')).writeFileSync(`${process.env.RECOMMENDATIONS_DUMP}-${tools.length}.json`, JSON.stringify(recs, null, 1));
  return { recs, analysis };
}

function show(problems: { check: string; detail: string; text: string }[]): string[] {
  return problems.slice(0, 20).map((p) => `${p.check}: ${p.detail} -- ${p.text.slice(0, 200)}`);
}

describe('recommendation text for real servers', () => {
  it('the demo, filesystem and memory servers: every sentence passes the checker', { timeout: 120_000 }, async () => {
    const tools = finalizeTools(fromServerList([...(await listDemoServers()), ...(await listNpmServers())]), 'reject');
    const { recs, analysis } = await recommendFor(tools, 0.85);
    expect(analysis.flagged.length).toBeGreaterThanOrEqual(10);
    expect(recs.issues.length).toBeGreaterThanOrEqual(20);
    expect(show(checkRecommendationText(recs, tools))).toEqual([]);
    // Advice is specific: most issues that recommend something quote a word, a parameter or a passage of the definitions.
    const advising = recs.issues.filter((i) => i.recommendation);
    expect(advising.length).toBeGreaterThanOrEqual(10);
    // read_file is the deprecated alias of read_text_file: the same action with the same parameters.
    const merge = recs.issues.find((i) => i.tool === 'filesystem/read_file' && i.type === 'scope_clarity');
    expect(merge?.recommendation).toBe('Merge read_file and read_text_file into one tool, or keep one and remove the other.');
  });

  it.skipIf(!hasSharedData)('200 flagged pairs of the shared 2,797-tool file: every sentence passes the checker', { timeout: 240_000 }, async () => {
    const tools = finalizeTools(fromServerList(readSharedData()), 'number');
    const { recs } = await recommendFor(tools, 0.85, 200);
    expect(recs.pairsConsidered).toBe(200);
    expect(recs.issues.length).toBeGreaterThanOrEqual(200);
    const start = performance.now();
    const problems = checkRecommendationText(recs, tools);
    console.log(`checked in ${Math.round(performance.now() - start)} ms`);
    expect(show(problems)).toEqual([]);
  });
});
