import 'server-only';
import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import { getDb } from '../client';
import type { ExperimentRow, ExperimentVariantRow, RunBatchRow } from '../schema';
import { evaluationResults, experiments, experimentVariants, modelSettings, runBatches, testCases, testCaseServers, testRuns } from '../tables';
import { withTransaction } from '../transaction';
import { newId, type Page } from './util';

export type NewExperiment = Omit<typeof experiments.$inferInsert, 'id' | 'createdAt'> & {
  variants: { name: string; changes: ExperimentVariantRow['changes'] }[];
};

/** The experiment and its variants (ordinal = position; 0 is the baseline) in one transaction. */
export async function insertExperiment(input: NewExperiment): Promise<{ experiment: ExperimentRow; variantIds: string[] }> {
  return withTransaction(async (tx) => {
    const { variants, ...values } = input;
    const [experiment] = await tx.insert(experiments).values({ ...values, id: newId() }).returning();
    if (!experiment) throw new Error('experiment insert returned no row');
    const rows = variants.map((v, ordinal) => ({ id: newId(), experimentId: experiment.id, name: v.name, ordinal, changes: v.changes }));
    if (rows.length) await tx.insert(experimentVariants).values(rows);
    return { experiment, variantIds: rows.map((r) => r.id) };
  });
}

export async function setVariantBatch(variantId: string, batchId: string): Promise<void> {
  await getDb().update(experimentVariants).set({ batchId }).where(eq(experimentVariants.id, variantId));
}

export async function deleteExperiment(id: string): Promise<void> {
  await getDb().delete(experiments).where(eq(experiments.id, id));
}

export async function getExperiment(id: string): Promise<ExperimentRow | undefined> {
  const [row] = await getDb().select().from(experiments).where(eq(experiments.id, id)).limit(1);
  return row;
}

export async function listExperiments(page: Page): Promise<{ rows: ExperimentRow[]; total: number }> {
  const db = getDb();
  const rows = await db.select().from(experiments).orderBy(desc(experiments.createdAt), desc(experiments.id)).limit(page.limit).offset(page.offset);
  const [counted] = await db.select({ n: count() }).from(experiments);
  const total = counted?.n ?? 0;
  return { rows, total };
}

/** The variants of these experiments with their batches, in ordinal order. */
export async function listVariants(experimentIds: string[]): Promise<(ExperimentVariantRow & { batch: RunBatchRow | null })[]> {
  if (experimentIds.length === 0) return [];
  const rows = await getDb()
    .select({ variant: experimentVariants, batch: runBatches })
    .from(experimentVariants)
    .leftJoin(runBatches, eq(runBatches.id, experimentVariants.batchId))
    .where(inArray(experimentVariants.experimentId, experimentIds))
    .orderBy(asc(experimentVariants.experimentId), asc(experimentVariants.ordinal));
  return rows.map((r) => ({ ...r.variant, batch: r.batch }));
}

/** The test cases that show the model any of these servers (default cases of an experiment), oldest first. */
export async function testCaseIdsUsingServers(serverIds: string[]): Promise<string[]> {
  if (serverIds.length === 0) return [];
  const rows = await getDb()
    .selectDistinct({ id: testCases.id, createdAt: testCases.createdAt })
    .from(testCaseServers)
    .innerJoin(testCases, eq(testCases.id, testCaseServers.testCaseId))
    .where(inArray(testCaseServers.serverId, serverIds))
    .orderBy(asc(testCases.createdAt), asc(testCases.id));
  return rows.map((r) => r.id);
}

/** The test cases that expect one of these (server, tool) pairs (a "Try this rewrite" preselection), oldest first. */
export async function testCaseIdsExpecting(tools: { server: string; tool: string }[]): Promise<string[]> {
  if (tools.length === 0) return [];
  const rows = await getDb()
    .select({ id: testCases.id })
    .from(testCases)
    .where(or(...tools.map((t) => and(eq(testCases.expectedMcpServerName, t.server), eq(testCases.expectedToolName, t.tool)))))
    .orderBy(asc(testCases.createdAt), asc(testCases.id));
  return rows.map((r) => r.id);
}

/** One judged run of a batch: what the experiment's statistics pair and count. */
export type JudgedRun = {
  runId: string;
  testCaseId: string;
  testCaseName: string;
  provider: string | null;
  model: string | null;
  baseUrl: string | null;
  systemPrompt: string | null;
  temperature: number | null;
  timeout: number | null;
  maxRetries: number | null;
  classification: EvaluationRowClassification;
  expectedServer: string | null;
  expectedTool: string | null;
  selectedServer: string | null;
  selectedTool: string | null;
};
type EvaluationRowClassification = (typeof evaluationResults.$inferSelect)['classification'];

/** Every evaluated run of a batch (the same rows the metrics summary counts for ?batchId=). */
export async function listJudgedRuns(batchId: string): Promise<JudgedRun[]> {
  return getDb()
    .select({
      runId: testRuns.id,
      testCaseId: testRuns.testCaseId,
      testCaseName: testCases.name,
      provider: modelSettings.provider,
      model: modelSettings.model,
      baseUrl: modelSettings.baseUrl,
      systemPrompt: modelSettings.systemPrompt,
      temperature: modelSettings.temperature,
      timeout: modelSettings.timeout,
      maxRetries: modelSettings.maxRetries,
      classification: evaluationResults.classification,
      expectedServer: evaluationResults.expectedServer,
      expectedTool: evaluationResults.expectedTool,
      selectedServer: evaluationResults.selectedServer,
      selectedTool: evaluationResults.selectedTool,
    })
    .from(evaluationResults)
    .innerJoin(testRuns, eq(testRuns.id, evaluationResults.testRunId))
    .innerJoin(testCases, eq(testCases.id, testRuns.testCaseId))
    .leftJoin(modelSettings, eq(modelSettings.id, testRuns.modelSettingsId))
    .where(eq(evaluationResults.batchId, batchId))
    .orderBy(asc(testRuns.createdAt), asc(testRuns.id));
}

/** The experiment and variant a batch runs, if it is one of an experiment's variant batches. */
export async function experimentOfBatch(batchId: string): Promise<{ id: string; name: string; variant: string } | null> {
  const [row] = await getDb()
    .select({ id: experiments.id, name: experiments.name, variant: experimentVariants.name })
    .from(experimentVariants)
    .innerJoin(experiments, eq(experiments.id, experimentVariants.experimentId))
    .where(eq(experimentVariants.batchId, batchId))
    .limit(1);
  return row ?? null;
}
