import 'server-only';
import { getServersByIds } from '@/db/queries/servers';
import { listExpectedTools } from '@/db/queries/test-cases';
import { ValidationError } from '@/lib/errors';
import { assertKeysPresent, keyFor, readApiKeys } from '@/lib/providers/api-keys';
import { completeText } from '@/lib/providers/registry';
import type { ClientCache, ModelConfig } from '@/lib/providers/types';
import { mapLimit } from '@/lib/similarity/map-limit';
import { SimilarityRequestSchema } from '@/lib/similarity/schemas';
import { runSimilarity } from '@/lib/similarity/service';
import { lexicalText } from '@/lib/similarity/texts';
import type { SimilarityTool } from '@/lib/similarity/types';
import { buildDraftsPrompt, DRAFTS_SYSTEM_PROMPT, parseDrafts } from './llm';
import { corpusIdf, evidenceOf, proposeRuleDrafts, type Idf, type PairTool } from './query';
import type { DraftsRequest, DraftsResult, TestCaseDraft } from './schemas';

const LLM_CONCURRENCY = 4;
const MAX_NAME = 200;

type Writer = { model: ModelConfig; apiKey?: string; clients: ClientCache };
type Pair = { a: SimilarityTool; b: SimilarityTool; similarity: number };
type PairDrafts = { drafts: Omit<TestCaseDraft, 'pair' | 'serverIds'>[]; warning?: string };

/** Checked before any server is listed: a missing key or a provider that cannot write text is a 400. */
function prepareWriter(model: ModelConfig | undefined, headers: Headers): Writer | null {
  if (!model) return null;
  if (model.provider === 'local') throw new ValidationError("llm.provider 'local' cannot write test cases: choose openai, anthropic or openai-compatible", undefined, 'invalid_llm');
  const keys = readApiKeys(headers);
  assertKeysPresent([model], keys);
  const apiKey = keyFor(model.provider, keys);
  return { model, ...(apiKey ? { apiKey } : {}), clients: new Map() };
}

const pairTool = (t: SimilarityTool): PairTool => ({ server: t.server, name: t.name, description: t.description, ...(t.inputSchema ? { inputSchema: t.inputSchema } : {}) });

function draftName(target: PairTool, other: PairTool): string {
  const name = `${target.name}, not ${other.name}`;
  return name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name;
}

function fromRules(pair: Pair, idf: Idf): PairDrafts {
  const [a, b] = [pairTool(pair.a), pairTool(pair.b)];
  return {
    drafts: proposeRuleDrafts(a, b, idf).map((d) => {
      const [target, other] = d.target === 'a' ? [a, b] : [b, a];
      return { target: { server: target.server, tool: target.name }, name: draftName(target, other), query: d.query, expectedParameters: d.expectedParameters, rationale: d.rationale, source: 'rules' };
    }),
  };
}

/** The model's drafts for one pair; any failure (call, JSON, validation) falls back to the rules, with the reason. */
async function fromModel(writer: Writer, pair: Pair, idf: Idf, signal: AbortSignal): Promise<PairDrafts> {
  const [a, b] = [pairTool(pair.a), pairTool(pair.b)];
  let problem: string;
  try {
    const { text } = await completeText({ model: writer.model, ...(writer.apiKey ? { apiKey: writer.apiKey } : {}), clients: writer.clients, system: DRAFTS_SYSTEM_PROMPT, prompt: buildDraftsPrompt(a, b, evidenceOf(a, b, idf), evidenceOf(b, a, idf)), signal });
    const parsed = parseDrafts(text, a, b);
    if ('drafts' in parsed) {
      return {
        drafts: parsed.drafts.map((d) => {
          const [target, other] = d.target === 'a' ? [a, b] : [b, a];
          return { target: { server: target.server, tool: target.name }, name: draftName(target, other), query: d.query, expectedParameters: d.expectedParameters, rationale: d.rationale, source: 'llm' };
        }),
      };
    }
    problem = parsed.problem;
  } catch (err) {
    problem = err instanceof Error ? err.message : String(err);
  }
  return { ...fromRules(pair, idf), warning: `${pair.a.id} and ${pair.b.id}: the model's drafts could not be used (${problem}); rule-based drafts instead` };
}

/**
 * POST /api/similarity/test-case-drafts: analyse the registered servers, keep the flagged pairs
 * that no test case covers (neither tool is any case's expected tool), and propose per pair one
 * request for each tool that the other does not serve. Nothing is stored: accepting a draft is
 * POST /api/test-cases with it.
 */
export async function proposeTestCaseDrafts(body: DraftsRequest, ctx: { headers: Headers; signal?: AbortSignal }): Promise<DraftsResult> {
  const writer = prepareWriter(body.llm, ctx.headers);
  const similarityBody = SimilarityRequestSchema.parse({
    serverIds: body.serverIds,
    similarityThreshold: body.similarityThreshold,
    method: body.method,
    ...(body.embeddingModel ? { embeddingModel: body.embeddingModel } : {}),
    ...(body.weights ? { weights: body.weights } : {}),
  });
  const { result, scoring } = await runSimilarity(similarityBody, ctx, { recommending: false, withOverlap: false });
  const byId = new Map(scoring.tools.map((t) => [t.id, t]));
  const covered = new Set((await listExpectedTools()).map((e) => `${e.server}/${e.tool}`));
  const serverIdOf = new Map((await getServersByIds(body.serverIds)).map((s) => [s.name, s.id]));

  const flagged = result.pairs.filter((p) => p.flagged).sort((x, y) => y.similarity - x.similarity);
  const open: Pair[] = [];
  for (const p of flagged) {
    const a = byId.get(p.toolA);
    const b = byId.get(p.toolB);
    if (!a || !b || covered.has(`${a.server}/${a.name}`) || covered.has(`${b.server}/${b.name}`)) continue;
    open.push({ a, b, similarity: p.similarity });
  }
  const warnings = [...result.warnings];
  const chosen = open.slice(0, body.maxPairs);
  if (open.length > chosen.length) warnings.push(`${open.length} flagged pairs have no test case; drafts for the ${chosen.length} most similar (raise maxPairs for more)`);

  const idf = corpusIdf(scoring.tools.map(lexicalText));
  const signal = ctx.signal ?? new AbortController().signal;
  const perPair = writer ? await mapLimit(chosen, LLM_CONCURRENCY, (pair) => fromModel(writer, pair, idf, signal)) : chosen.map((pair) => fromRules(pair, idf));

  const drafts: TestCaseDraft[] = [];
  perPair.forEach((pd, i) => {
    const pair = chosen[i];
    if (!pair) return;
    if (pd.warning) warnings.push(pd.warning);
    const serverIds = [...new Set([pair.a.server, pair.b.server].map((name) => serverIdOf.get(name)).filter((id): id is string => Boolean(id)))];
    for (const d of pd.drafts) drafts.push({ pair: { toolA: pair.a.id, toolB: pair.b.id, similarity: pair.similarity }, serverIds, ...d });
  });
  return {
    drafts,
    flaggedPairs: flagged.length,
    pairsWithCases: flagged.length - open.length,
    threshold: body.similarityThreshold,
    draftedBy: writer ? `${writer.model.provider}/${writer.model.model}` : 'rules',
    errors: result.errors,
    warnings,
  };
}
