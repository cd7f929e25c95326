import 'server-only';
import { listCaseRuns, listCaseTimeline, listLastVerdicts, type CaseRunRow } from '@/db/queries/case-history';
import { outcomeOf, type CellOutcome } from '../metrics/matrix/cells';
import { resolveConfidenceSource, type ConfidenceSource } from '../metrics/matrix/confidence-source';
import type { TestCaseDto } from './dto';
import { requireTestCase } from './service';
import { sampleAgreementOf } from '../eval/judge/confidence';

/** How many of each model's latest runs the timeline shows. */
export const TIMELINE_PER_MODEL = 30;

/** One run of a test case in its history: `GET /api/test-cases/{id}/runs`. */
export type CaseRunDto = {
  id: string;
  batchId: string | null;
  batchName: string | null;
  provider: string | null;
  model: string | null;
  /** "openai/gpt-4o-mini", or "(deleted settings)". */
  modelLabel: string;
  status: CaseRunRow['status'];
  classification: CaseRunRow['classification'];
  outcome: CellOutcome;
  confidence: number | null;
  /** Where the confidence comes from (self-assessment, sample agreement, router margin...); null with no confidence. */
  confidenceSource: ConfidenceSource | null;
  /** Share of samples that agreed; null with one sample. */
  agreement: number | null;
  passK: boolean | null;
  samples: number;
  argumentScore: number | null;
  selectedServer: string | null;
  selectedTool: string | null;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
};

export type CaseTimelineModel = { modelLabel: string; provider: string | null; model: string | null; runs: CaseRunDto[] };

export type CaseHistory = {
  testCaseId: string;
  items: CaseRunDto[];
  total: number;
  limit: number;
  offset: number;
  /** Per model, its latest runs oldest first (at most TIMELINE_PER_MODEL): the verdict over time. */
  timeline: CaseTimelineModel[];
};

/** The latest verdict of one model on a case, as the test-case list shows it. */
export type LastVerdictDto = {
  modelLabel: string;
  provider: string;
  model: string;
  classification: 'TP' | 'FP' | 'TN' | 'FN';
  outcome: CellOutcome;
  runId: string;
  completedAt: string | null;
};

export type TestCaseListItemDto = TestCaseDto & { lastVerdicts: LastVerdictDto[] };

const labelOf = (provider: string | null, model: string | null) => (provider && model ? `${provider}/${model}` : '(deleted settings)');

function toCaseRunDto(r: CaseRunRow): CaseRunDto {
  const sampled = r.samples > 1;
  return {
    id: r.runId,
    batchId: r.batchId,
    batchName: r.batchName,
    provider: r.provider,
    model: r.model,
    modelLabel: labelOf(r.provider, r.model),
    status: r.status,
    classification: r.classification,
    outcome: outcomeOf(r.status, r.classification),
    confidence: r.confidenceScore,
    confidenceSource: resolveConfidenceSource(r, r.provider),
    agreement: sampleAgreementOf(r),
    passK: sampled && r.passK !== null ? r.passK === 1 : null,
    samples: r.samples,
    argumentScore: r.parameterCorrectness,
    selectedServer: r.selectedServer,
    selectedTool: r.selectedTool,
    error: r.errorMessage,
    createdAt: r.createdAt,
    completedAt: r.completedAt,
  };
}

/** The runs of a test case across batches and models, newest first, with each model's timeline; 404 for an unknown case. */
export async function getCaseHistory(testCaseId: string, page: { limit: number; offset: number }): Promise<CaseHistory> {
  await requireTestCase(testCaseId);
  const [{ rows, total }, timeline] = await Promise.all([listCaseRuns(testCaseId, page), listCaseTimeline(testCaseId, TIMELINE_PER_MODEL)]);
  const byModel = new Map<string, CaseTimelineModel>();
  // Newest first from the query; each model's list is reversed below so time runs left to right.
  for (const row of timeline) {
    const dto = toCaseRunDto(row);
    const entry = byModel.get(dto.modelLabel) ?? { modelLabel: dto.modelLabel, provider: dto.provider, model: dto.model, runs: [] };
    entry.runs.push(dto);
    byModel.set(dto.modelLabel, entry);
  }
  return {
    testCaseId,
    items: rows.map(toCaseRunDto),
    total,
    limit: page.limit,
    offset: page.offset,
    timeline: [...byModel.values()].map((m) => ({ ...m, runs: m.runs.reverse() })),
  };
}

/** Each case of a list page with its latest verdict per model (most recent model first), from one query. */
export async function withLastVerdicts(cases: TestCaseDto[]): Promise<TestCaseListItemDto[]> {
  const byCase = new Map<string, LastVerdictDto[]>();
  for (const v of await listLastVerdicts(cases.map((c) => c.id))) {
    const list = byCase.get(v.testCaseId) ?? [];
    list.push({
      modelLabel: labelOf(v.provider, v.model),
      provider: v.provider,
      model: v.model,
      classification: v.classification,
      outcome: outcomeOf('completed', v.classification),
      runId: v.runId,
      completedAt: v.completedAt,
    });
    byCase.set(v.testCaseId, list);
  }
  return cases.map((c) => ({ ...c, lastVerdicts: byCase.get(c.id) ?? [] }));
}
