/**
 * lib/experiments/: design experiments. One experiment runs the same cases x models x samples
 * once per variant of the tool definitions, each variant as an ordinary batch carrying its
 * tool overrides (lib/eval/run/tool-overrides.ts), so progress, cancel and SSE are the
 * batches'. service.ts creates, reads and cancels; changes.ts checks the changes against the
 * servers' current listings; results.ts turns a variant's runs into metrics, comparisons,
 * flips and confusion with lib/stats; export.ts and apply.ts adopt a variant.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import { type JudgedRun, getExperiment, insertExperiment, listExperiments, listJudgedRuns, listVariants, setVariantBatch, deleteExperiment, testCaseIdsUsingServers } from '@/db/queries/experiments';
import { countRunsByStatus } from '@/db/queries/runs';
import { existingTestCaseIds } from '@/db/queries/test-cases';
import type { ExperimentRow } from '@/db/schema';
import { NotFoundError, UnprocessableError } from '../errors';
import { cancelBatch, createBatch } from '../eval/run/batch';
import { assertKeysPresent, type ApiKeys } from '../providers/api-keys';
import type { Page } from '@/db/queries/util';
import { checkChanges, readListings } from './changes';
import { aggregateStatus, changedTools, isFinished, sumCounts, type ExperimentDto, type VariantDto, type VariantWithBatch } from './dto';
import { compareVariant, estimateMetrics, offDiagonal } from './results';
import { ORIGINAL_VARIANT, type ExperimentInput } from './schemas';

/**
 * Intervals and paired tests cost ~40 and ~100 ms at 1,000 (case, model) units, and the page
 * polls: a variant's figures are kept per set of judged runs (a digest of their ids and verdicts),
 * which is all they depend on.
 */
const figures = new Map<string, unknown>();
const MAX_FIGURES = 500;

function digest(runs: readonly JudgedRun[]): string {
  const hash = createHash('sha1');
  for (const r of runs) hash.update(`${r.runId}:${r.classification};`);
  return hash.digest('base64');
}

function remember<T>(key: string, compute: () => T): T {
  if (figures.has(key)) return figures.get(key) as T;
  const value = compute();
  if (figures.size >= MAX_FIGURES) figures.delete(figures.keys().next().value as string);
  figures.set(key, value);
  return value;
}

/** The experiment's concurrency is its total: its batches run side by side and share it. */
function perBatchConcurrency(total: number, batches: number): number {
  return Math.max(1, Math.floor(total / batches));
}

function defaultName(): string {
  return `Experiment ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
}

async function resolveCases(input: ExperimentInput, serverIds: string[]): Promise<string[]> {
  if (input.testCaseIds) {
    const known = new Set(await existingTestCaseIds(input.testCaseIds));
    const missing = input.testCaseIds.filter((id) => !known.has(id));
    if (missing.length) throw new UnprocessableError('unknown_test_case', `Unknown test case id(s): ${missing.slice(0, 20).join(', ')}`, { testCaseIds: missing });
    return input.testCaseIds;
  }
  const ids = await testCaseIdsUsingServers(serverIds);
  if (ids.length === 0) throw new UnprocessableError('no_test_cases', 'No test case uses a server of the changed tools: create some, or pass testCaseIds');
  return ids;
}

/**
 * Checks keys, servers, tools and cases before writing anything, then writes the experiment
 * and starts one batch per variant ("original" first). Keys reach the batches' jobs only.
 */
export async function createExperiment(input: ExperimentInput, keys: ApiKeys): Promise<ExperimentDto> {
  assertKeysPresent(input.models, keys);
  const listings = await readListings(input.variants);
  checkChanges(input.variants, listings);
  const testCaseIds = await resolveCases(input, [...listings.values()].map((l) => l.server.id));
  const name = input.name ?? defaultName();
  const variants = [{ name: ORIGINAL_VARIANT, changes: [] }, ...input.variants];
  const { experiment, variantIds } = await insertExperiment({
    name,
    models: input.models,
    samples: input.samples,
    concurrency: input.concurrency,
    testCaseIds,
    baselineTools: Object.fromEntries([...listings].map(([server, l]) => [server, l.tools])),
    variants,
  });
  const concurrency = perBatchConcurrency(input.concurrency, variants.length);
  const started: string[] = [];
  try {
    for (const [i, variant] of variants.entries()) {
      const batch = await createBatch(
        { name: `${name} · ${variant.name}`, testCaseIds, models: input.models, samples: input.samples, concurrency },
        keys,
        variant.changes.length ? { toolOverrides: variant.changes } : {},
      );
      started.push(batch.id);
      await setVariantBatch(variantIds[i] as string, batch.id);
    }
  } catch (err) {
    // Everything was checked first; should a batch still fail to start, no half experiment stays.
    await Promise.all(started.map((id) => cancelBatch(id).catch(() => undefined)));
    await deleteExperiment(experiment.id);
    throw err;
  }
  return getExperimentDto(experiment.id);
}

async function toDto(row: ExperimentRow, variants: VariantWithBatch[], detail: boolean): Promise<ExperimentDto> {
  const batchIds = variants.flatMap((v) => (v.batchId ? [v.batchId] : []));
  const counts = await countRunsByStatus(batchIds);
  const statuses = variants.map((v) => v.batch?.status ?? 'pending');
  const status = aggregateStatus(statuses);
  // Side by side: on Postgres each read is a round trip, and the pool serves several at once.
  const judged = await Promise.all(variants.map((v) => (v.batchId ? listJudgedRuns(v.batchId) : ([] as JudgedRun[]))));
  const runs = new Map(variants.map((v, i) => [v.name, judged[i] ?? []]));
  const baseline = variants[0];
  const baselineRuns = runs.get(ORIGINAL_VARIANT) ?? [];
  const dtos: VariantDto[] = variants.map((v) => {
    const mine = runs.get(v.name) ?? [];
    const vStatus = v.batch?.status ?? 'pending';
    const comparable = detail && v.ordinal > 0 && baseline?.batch && isFinished(baseline.batch.status) && isFinished(vStatus);
    return {
      name: v.name,
      batchId: v.batchId,
      status: vStatus,
      changes: v.changes,
      tools: detail ? changedTools(v.changes, row.baselineTools) : [],
      metrics: remember(`metrics:${digest(mine)}`, () => estimateMetrics(mine)),
      comparison: comparable ? remember(`compare:${digest(baselineRuns)}:${digest(mine)}`, () => compareVariant(baselineRuns, mine)) : null,
      confusion: detail ? offDiagonal(mine) : [],
    };
  });
  const finished = variants.map((v) => v.batch?.completedAt ?? '').sort();
  return {
    id: row.id,
    name: row.name,
    status,
    models: row.models,
    samples: row.samples,
    concurrency: row.concurrency,
    testCaseIds: row.testCaseIds,
    createdAt: row.createdAt,
    completedAt: isFinished(status) ? (finished.at(-1) || null) : null,
    progress: sumCounts(batchIds.map((id) => counts.get(id)).filter((c) => c !== undefined)),
    variants: dtos,
  };
}

export async function getExperimentDto(id: string): Promise<ExperimentDto> {
  const row = await getExperiment(id);
  if (!row) throw new NotFoundError('Experiment', id);
  return toDto(row, await listVariants([id]), true);
}

/** The list leaves out what only the detail page reads (changed tools, comparisons, confusion). */
export async function listExperimentDtos(page: Page): Promise<{ items: ExperimentDto[]; total: number }> {
  const { rows, total } = await listExperiments(page);
  const variants = await listVariants(rows.map((r) => r.id));
  const items = await Promise.all(rows.map((r) => toDto(r, variants.filter((v) => v.experimentId === r.id), false)));
  return { items, total };
}

/** Cancels every variant's batch (a finished one is left as it is). */
export async function cancelExperiment(id: string): Promise<ExperimentDto> {
  const row = await getExperiment(id);
  if (!row) throw new NotFoundError('Experiment', id);
  const batchIds = (await listVariants([id])).flatMap((v) => (v.batchId ? [v.batchId] : []));
  await Promise.all(batchIds.map((b) => cancelBatch(b)));
  return getExperimentDto(id);
}
