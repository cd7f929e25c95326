import type { MatrixModelRow, MatrixRunRow } from '@/db/queries/batch-matrix';
import { sampleAgreementOf } from '@/lib/eval/judge/confidence';
import { resolveConfidenceSource, type ConfidenceSource } from './confidence-source';

/**
 * The test case x model matrix of one batch, built from its runs: one cell per (case, model),
 * rows sorted by name, by how much the models disagree, by the worst verdict, or by one
 * model's verdicts. Pure: the rows come from db/queries/batch-matrix.ts.
 */

/** What a cell says, whatever the classification: a verdict, an error, or not (yet) a result. */
export type CellOutcome = 'correct' | 'wrong' | 'error' | 'cancelled' | 'pending';
export const CELL_OUTCOMES: readonly CellOutcome[] = ['correct', 'wrong', 'error', 'cancelled', 'pending'];

export type MatrixCell = {
  /** The run the cell shows (the latest completed one when a cell has several). */
  runId: string;
  runIds: string[];
  status: MatrixRunRow['status'];
  classification: MatrixRunRow['classification'];
  outcome: CellOutcome;
  /** The run's confidence: with samples > 1 the agreement of the samples (the local router: its score margin). */
  confidence: number | null;
  /** Where the confidence comes from (self-assessment, sample agreement, router margin...); null with no confidence. */
  confidenceSource: ConfidenceSource | null;
  /** Share of samples that gave the modal answer; null with one sample. */
  agreement: number | null;
  /** All samples correct (pass^k); null with one sample. */
  passK: boolean | null;
  samples: number;
  /** Argument correctness 0..1; null when not scored (wrong tool, negative case, no run result). */
  argumentScore: number | null;
  selectedServer: string | null;
  selectedTool: string | null;
  error: string | null;
};

export type MatrixModel = {
  id: string;
  provider: string;
  model: string;
  /** "local/lexical", disambiguated when two columns share provider and model. */
  label: string;
  counts: Record<CellOutcome, number>;
};

export type MatrixRow = {
  testCaseId: string;
  testCaseName: string;
  /** One entry per model column, in column order; null where the case has no run for that model. */
  cells: (MatrixCell | null)[];
  /** 0 when every model gave the same answer and every sample agreed; +1 per extra distinct answer, + (1 - agreement) per sampled cell. */
  disagreement: number;
  /** Severity of the row's worst cell: 0 error, 1 wrong, 2 correct but not every sample, 3 correct with imperfect arguments, 4 correct, 5 cancelled, 6 pending, 7 no run. */
  worst: number;
};

export const MATRIX_SORTS = ['name', 'disagreement', 'worst', 'model'] as const;
export type MatrixSort = (typeof MATRIX_SORTS)[number];
export type SortDir = 'asc' | 'desc';

/** The natural direction of each sort: names A-Z, most disagreement first, worst first. */
export const DEFAULT_DIR: Record<MatrixSort, SortDir> = { name: 'asc', disagreement: 'desc', worst: 'asc', model: 'asc' };

const NO_RUN = 7;

/** A run's outcome from its status and classification (the case history and the list use it too). */
export function outcomeOf(status: MatrixRunRow['status'], classification: MatrixRunRow['classification']): CellOutcome {
  if (status === 'failed') return 'error';
  if (status === 'cancelled') return 'cancelled';
  if (status !== 'completed' || classification === null) return 'pending';
  return classification === 'TP' || classification === 'TN' ? 'correct' : 'wrong';
}

export function severityOf(cell: MatrixCell | null): number {
  if (!cell) return NO_RUN;
  switch (cell.outcome) {
    case 'error':
      return 0;
    case 'wrong':
      return 1;
    case 'correct':
      if (cell.passK === false) return 2;
      return cell.argumentScore !== null && cell.argumentScore < 1 ? 3 : 4;
    case 'cancelled':
      return 5;
    case 'pending':
      return 6;
  }
}

/** Completed beats unfinished; then the newest. */
function preferred(a: MatrixRunRow, b: MatrixRunRow): MatrixRunRow {
  const done = (r: MatrixRunRow) => (r.status === 'completed' ? 1 : 0);
  if (done(a) !== done(b)) return done(a) > done(b) ? a : b;
  const at = (r: MatrixRunRow) => r.completedAt ?? r.createdAt;
  return at(a) >= at(b) ? a : b;
}

function toCell(run: MatrixRunRow, runIds: string[], provider: string | null): MatrixCell {
  const sampled = run.samples > 1;
  return {
    runId: run.runId,
    runIds,
    status: run.status,
    classification: run.classification,
    outcome: outcomeOf(run.status, run.classification),
    confidence: run.confidenceScore,
    confidenceSource: resolveConfidenceSource(run, provider),
    // The deterministic local router rates itself by its margin; its samples always agree.
    agreement: sampleAgreementOf(run),
    passK: sampled && run.passK !== null ? run.passK === 1 : null,
    samples: run.samples,
    argumentScore: run.parameterCorrectness,
    selectedServer: run.selectedServer,
    selectedTool: run.selectedTool,
    error: run.errorMessage,
  };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function disagreementOf(cells: (MatrixCell | null)[]): number {
  const answers = new Set<string>();
  let sampleSpread = 0;
  for (const c of cells) {
    if (!c || (c.outcome !== 'correct' && c.outcome !== 'wrong' && c.outcome !== 'error')) continue;
    answers.add(c.outcome === 'error' ? 'error' : c.selectedTool === null ? '-' : `${c.selectedServer ?? ''}/${c.selectedTool}`);
    if (c.agreement !== null) sampleSpread += 1 - c.agreement;
  }
  return round3(Math.max(0, answers.size - 1) + sampleSpread);
}

function labels(models: MatrixModelRow[]): string[] {
  const base = models.map((m) => `${m.provider}/${m.model}`);
  const seen = new Map<string, number>();
  return base.map((label, i) => {
    if (base.filter((b) => b === label).length === 1) return label;
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return `${label} #${n} (temperature ${models[i]?.temperature ?? '?'})`;
  });
}

/** Groups the runs into rows and columns. Runs whose model settings are gone are left out (no column to hold them). */
export function buildMatrix(models: MatrixModelRow[], runs: MatrixRunRow[]): { models: MatrixModel[]; rows: MatrixRow[] } {
  const column = new Map(models.map((m, i) => [m.id, i]));
  const byCase = new Map<string, { name: string; best: (MatrixRunRow | null)[]; ids: string[][] }>();
  for (const run of runs) {
    const col = run.modelSettingsId === null ? undefined : column.get(run.modelSettingsId);
    if (col === undefined) continue;
    let entry = byCase.get(run.testCaseId);
    if (!entry) {
      entry = { name: run.testCaseName, best: models.map(() => null), ids: models.map(() => []) };
      byCase.set(run.testCaseId, entry);
    }
    const current = entry.best[col] ?? null;
    entry.best[col] = current ? preferred(current, run) : run;
    entry.ids[col]?.push(run.runId);
  }
  const emptyCounts = () => Object.fromEntries(CELL_OUTCOMES.map((o) => [o, 0])) as Record<CellOutcome, number>;
  const counts = models.map(emptyCounts);
  const rows: MatrixRow[] = [];
  for (const [testCaseId, entry] of byCase) {
    const cells = entry.best.map((run, col) => (run ? toCell(run, entry.ids[col] ?? [run.runId], models[col]?.provider ?? null) : null));
    cells.forEach((c, col) => {
      const bucket = counts[col];
      if (c && bucket) bucket[c.outcome] += 1;
    });
    rows.push({
      testCaseId,
      testCaseName: entry.name,
      cells,
      disagreement: disagreementOf(cells),
      worst: Math.min(NO_RUN, ...cells.map(severityOf)),
    });
  }
  const names = labels(models);
  return {
    models: models.map((m, i) => ({ id: m.id, provider: m.provider, model: m.model, label: names[i] ?? m.model, counts: counts[i] ?? emptyCounts() })),
    rows,
  };
}

// One collator for every comparison: localeCompare with options builds one per call, which made
// sorting 2,000 rows take 300-450 ms instead of a few.
const NAME_ORDER = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = (a: MatrixRow, b: MatrixRow) => NAME_ORDER.compare(a.testCaseName, b.testCaseName) || (a.testCaseId < b.testCaseId ? -1 : a.testCaseId > b.testCaseId ? 1 : 0);

/** Lowest argument score of the row (1 where none is scored), the tie-break after severity. */
const lowestArgs = (cells: (MatrixCell | null)[]) => Math.min(1, ...cells.map((c) => c?.argumentScore ?? 1));

/**
 * Sorts in place and returns the rows. Ties fall back to the name (always A-Z), so pages are
 * stable. `column` is the model column index for sort = 'model'.
 */
export function sortRows(rows: MatrixRow[], sort: MatrixSort, dir: SortDir, column = 0): MatrixRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  const key = (r: MatrixRow): [number, number] => {
    switch (sort) {
      case 'disagreement':
        return [r.disagreement, 0];
      case 'worst':
        return [r.worst, lowestArgs(r.cells)];
      case 'model': {
        const cell = r.cells[column] ?? null;
        return [severityOf(cell), cell?.argumentScore ?? 1];
      }
      case 'name':
        return [0, 0];
    }
  };
  return rows.sort((a, b) => {
    if (sort !== 'name') {
      const [a1, a2] = key(a);
      const [b1, b2] = key(b);
      if (a1 !== b1) return sign * (a1 - b1);
      if (a2 !== b2) return sign * (a2 - b2);
      return byName(a, b);
    }
    return sign * byName(a, b);
  });
}
