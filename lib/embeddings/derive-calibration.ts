/**
 * Measures the calibration anchors of the models that run here, over the labeled set of
 * calibration-pairs.ts, and prints them with the figures to paste into calibration-data.ts:
 *
 *   npx tsx --conditions=react-server lib/embeddings/derive-calibration.ts [corpus.json]
 *
 * (db/ and SDK modules import 'server-only', which only the react-server condition lets load
 * outside Next.) The corpus defaults to the shared data file of 308 MCP servers. It prints
 * the word vectors' common direction (word-vector-direction.ts) and, per model, the figures
 * and anchors for calibration-data.ts. Models: the wink word vectors (converted into
 * DATA_DIR on first use) and the tiny generated ONNX test model through the real transformer
 * provider; `--openai-key-file <file>` measures the OpenAI models too.
 */
import fs from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createDemoMcpServer, DEMO_SERVER_IDS, DEMO_SERVERS } from '@/lib/mcp/demo/registry';
// A dev script, not runtime code: it builds the same tiny model the tests load.
import { createTinyOnnxModel } from '@/tests/helpers/tiny-onnx-model';
import { deriveAnchors, measureSeparation, type AnchorFigures } from './calibration';
import { corpusPairs, demoPairs, devLabeledPairs, type LabeledPair, type LabeledTool } from './calibration-pairs';
import { stripServerBoilerplate } from '@/lib/text/boilerplate';
import { tfIdfVectors } from '@/lib/text/tfidf';
import { humanizeName } from '@/lib/text/tokenize';
import { sparseDot } from '@/lib/text/vector-math';
import { TINY_TEST_MODEL_ID } from './calibration-data';
import { createOpenAiEmbeddingProvider } from './openai';
import { loadTransformerProvider } from './transformer';
import { mixNameVector, nameText } from './tool-vectors';
import { dot, normalizeInPlace } from '@/lib/text/vector-math';
import { directionFingerprint, TOOL_DESCRIPTION_DIRECTION } from './word-vector-direction';
import type { WordVectorTable } from './word-vector-table';
import { embedWithWordVectors, loadWordVectorTable, WORD_VECTOR_MODEL } from './word-vectors';

const DEFAULT_CORPUS = '/work/shared/data/mcp-servers-2797-tools.json';
export const PAIR_OPTIONS = { maxPairsPerName: 3, differentPairs: 600, sameServerPairs: 3, seed: 2797 } as const;

type CorpusServer = { name: string; tools?: { name: string; description?: string }[] };

async function listDemoTools(): Promise<LabeledTool[]> {
  const tools: LabeledTool[] = [];
  for (const id of DEMO_SERVER_IDS) {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = createDemoMcpServer(DEMO_SERVERS[id]);
    const client = new Client({ name: 'derive-calibration', version: '1.0.0' });
    await server.connect(serverSide);
    await client.connect(clientSide);
    const listed = await client.listTools();
    for (const t of listed.tools) tools.push({ server: id, name: t.name, description: t.description ?? '' });
    await client.close();
    await server.close();
  }
  return tools;
}

function readCorpus(file: string): LabeledTool[] {
  const servers = JSON.parse(fs.readFileSync(file, 'utf8')) as CorpusServer[];
  return servers.flatMap((s) => (s.tools ?? []).map((t) => ({ server: s.name, name: t.name, description: t.description ?? '' })));
}

export type LabeledSet = { tools: LabeledTool[]; pairs: LabeledPair[] };

/**
 * Descriptions as the analysis compares them: each server's boilerplate cut
 * (lib/text/boilerplate.ts; a description that was all boilerplate falls back to the name).
 */
function withoutBoilerplate(tools: LabeledTool[]): LabeledTool[] {
  const { texts } = stripServerBoilerplate(tools, humanizeName);
  return tools.map((t, i) => (texts[i] === t.description ? t : { ...t, description: texts[i]! }));
}

export async function buildLabeledSet(corpusFile = DEFAULT_CORPUS): Promise<LabeledSet> {
  const demo = withoutBoilerplate(await listDemoTools());
  const corpus = withoutBoilerplate(readCorpus(corpusFile));
  const dev = corpusFile === DEFAULT_CORPUS ? devLabeledPairs(corpus) : [];
  return { tools: [...demo, ...corpus], pairs: [...demoPairs(demo), ...corpusPairs(corpus, PAIR_OPTIONS), ...dev] };
}

/**
 * The description_overlap method: TF-IDF cosine of "name words: description" (as
 * lib/similarity/texts.ts lexicalText builds it), IDF over every tool of the labeled set (an
 * analysis computes IDF over the tools it is given; the corpus is the typical large input).
 */
export function measureTfIdf(tools: readonly LabeledTool[], pairs: readonly LabeledPair[]): Measurement {
  const index = new Map(tools.map((t, i) => [t, i]));
  const { vectors } = tfIdfVectors(tools.map((t) => `${humanizeName(t.name)}: ${t.description}`));
  const confusable: number[] = [];
  const different: number[] = [];
  const scored: { why: string; raw: number }[] = [];
  for (const pair of pairs) {
    const raw = sparseDot(vectors[index.get(pair.a)!]!, vectors[index.get(pair.b)!]!);
    (pair.confusable ? confusable : different).push(raw);
    scored.push({ why: pair.why.replace(/"[^"]*"/, '"..."'), raw });
  }
  const figures = measureSeparation(confusable, different);
  const flaggedByKind = new Map<string, { pairs: number; flagged: number }>();
  for (const { why, raw } of scored) {
    const kind = flaggedByKind.get(why) ?? { pairs: 0, flagged: 0 };
    flaggedByKind.set(why, { pairs: kind.pairs + 1, flagged: kind.flagged + (raw >= figures.boundary ? 1 : 0) });
  }
  return { figures, anchors: deriveAnchors(figures), confusable: confusable.length, different: different.length, skipped: 0, flaggedByKind };
}

/** The unit mean of the tools' sentence vectors before any direction is removed (see word-vector-direction.ts). */
export function toolDescriptionDirection(table: WordVectorTable, tools: readonly LabeledTool[]): Float32Array {
  const sum = new Float32Array(table.dimensions);
  for (const tool of tools) {
    const vector = embedWithWordVectors(table, tool.description, null);
    for (let i = 0; i < sum.length; i++) sum[i]! += vector[i]!;
  }
  return normalizeInPlace(sum);
}

type Embed = (texts: string[]) => Promise<Float32Array[]>;

export type Measurement = {
  figures: AnchorFigures;
  anchors: [number, number][];
  confusable: number;
  different: number;
  skipped: number;
  /** Per kind of pair (its `why`): how many, and the share at or above the boundary. */
  flaggedByKind: Map<string, { pairs: number; flagged: number }>;
};

/**
 * Raw cosines of every pair, on the vectors the analysis compares: description mixed with
 * name (tool-vectors.ts). Pairs where either description embeds to zero (nothing the model
 * knows) are skipped.
 */
export async function measure(embed: Embed, pairs: readonly LabeledPair[]): Promise<Measurement> {
  const tools = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  const texts = [...new Set(tools.flatMap((t) => [t.description, nameText(t)]))];
  const vectors = await embed(texts);
  const byText = new Map(texts.map((t, i) => [t, vectors[i]!]));
  const byTool = new Map(tools.map((t) => [t, mixNameVector(byText.get(nameText(t))!, byText.get(t.description)!)]));
  const confusable: number[] = [];
  const different: number[] = [];
  const scored: { why: string; raw: number }[] = [];
  let skipped = 0;
  for (const pair of pairs) {
    const a = byTool.get(pair.a)!;
    const b = byTool.get(pair.b)!;
    if (!a.some((v) => v !== 0) || !b.some((v) => v !== 0)) {
      skipped++;
      continue;
    }
    const raw = dot(a, b);
    (pair.confusable ? confusable : different).push(raw);
    scored.push({ why: pair.why.replace(/"[^"]*"/, '"..."'), raw });
  }
  const figures = measureSeparation(confusable, different);
  const flaggedByKind = new Map<string, { pairs: number; flagged: number }>();
  for (const { why, raw } of scored) {
    const kind = flaggedByKind.get(why) ?? { pairs: 0, flagged: 0 };
    flaggedByKind.set(why, { pairs: kind.pairs + 1, flagged: kind.flagged + (raw >= figures.boundary ? 1 : 0) });
  }
  return { figures, anchors: deriveAnchors(figures), confusable: confusable.length, different: different.length, skipped, flaggedByKind };
}

const f3 = (x: number) => x.toFixed(3);

function report(model: string, m: Measurement): void {
  const { figures: f } = m;
  console.log(`\n${model}`);
  console.log(`  pairs: ${m.confusable} confusable, ${m.different} different, ${m.skipped} skipped (zero vector)`);
  console.log(`  raw cosine: median different ${f3(f.differentMedian)}, boundary ${f3(f.boundary)} (Youden ${f3(f.youdenBoundary)}), median confusable ${f3(f.confusableMedian)}`);
  console.log(`  at the boundary: ${(f.truePositiveRate * 100).toFixed(1)}% of confusable pairs flagged, ${(f.trueNegativeRate * 100).toFixed(1)}% of differing pairs not; AUC ${f3(f.auc)}`);
  for (const [why, k] of m.flaggedByKind) console.log(`    ${why}: ${k.flagged}/${k.pairs} flagged`);
  console.log(`  anchors: ${JSON.stringify(m.anchors)}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const keyFileAt = args.indexOf('--openai-key-file');
  const apiKey = keyFileAt >= 0 ? fs.readFileSync(args[keyFileAt + 1] ?? '', 'utf8').trim() : undefined;
  const corpus = args.find((a, i) => !a.startsWith('--') && (keyFileAt < 0 || i !== keyFileAt + 1)) ?? DEFAULT_CORPUS;
  const { tools, pairs } = await buildLabeledSet(corpus);
  console.log(`labeled set: ${pairs.filter((p) => p.confusable).length} confusable and ${pairs.filter((p) => !p.confusable).length} different pairs (${corpus} + demo servers)`);

  // The direction first: the word-vector anchors are measured with it removed.
  const table = await loadWordVectorTable();
  const direction = toolDescriptionDirection(table, tools);
  const committed = directionFingerprint(TOOL_DESCRIPTION_DIRECTION) === directionFingerprint(Array.from(direction, (v) => Number(v.toFixed(5))));
  console.log(`\nword-vector-direction.ts (${tools.length} descriptions)${committed ? ', same as committed' : ', CHANGED: paste into TOOL_DESCRIPTION_DIRECTION'}:`);
  console.log(`[${Array.from(direction, (v) => v.toFixed(5)).join(', ')}]`);
  const rounded = Array.from(direction, (v) => Number(v.toFixed(5)));
  report(WORD_VECTOR_MODEL, await measure(async (texts) => texts.map((t) => embedWithWordVectors(table, t, rounded)), pairs));
  report('description_overlap (TF-IDF)', measureTfIdf(tools, pairs));

  const tiny = createTinyOnnxModel({ modelId: TINY_TEST_MODEL_ID });
  try {
    const provider = await loadTransformerProvider({ model: TINY_TEST_MODEL_ID, modelRoot: tiny.root, allowDownload: false, cacheDir: tiny.root });
    report(TINY_TEST_MODEL_ID, await measure((texts) => provider.embed(texts), pairs));
  } finally {
    tiny.remove();
  }

  if (apiKey) {
    for (const model of ['text-embedding-3-small', 'text-embedding-3-large'] as const) {
      const provider = createOpenAiEmbeddingProvider({ model });
      report(model, await measure((texts) => provider.embed(texts, { apiKey }), pairs));
    }
  }
}

// Only when run as a script; tests import buildLabeledSet and measure.
if (process.argv[1]?.endsWith('derive-calibration.ts')) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
