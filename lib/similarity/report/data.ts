import { UnprocessableError } from '../../errors';
import { selectHeatmapTools } from '../heatmap-selection';
import { overlapMatrix } from '../overlap';
import type { SimilarityRun } from '../results';
import { symmetricMatrix, upperSlices } from '../vector';
import type { CsvTable, PairRow, ReportData } from './types';

/** n x n Float32 scores: 5,000 tools are 100 MB, the most one request may hold. */
export const MAX_MATRIX_TOOLS = 5000;

function* pairRows(run: SimilarityRun): Generator<PairRow> {
  const { scoring, analysis } = run;
  const ids = scoring.tools.map((t) => t.id);
  const n = ids.length;
  const { scale } = scoring;
  // The full-text scores are walked in lockstep, slice for slice, instead of one dot product per
  // pair; slices (not whole blocks) keep each step of a streamed report to a few ms.
  const full = scoring.full ? upperSlices(scoring.full) : null;
  for (const { rowStart, rowEnd, block } of upperSlices(scoring.description)) {
    const fullBlock = full?.next().value?.block;
    for (let i = rowStart; i < rowEnd; i++) {
      const offset = (i - rowStart) * n;
      for (let j = i + 1; j < n; j++) {
        const similarity = scale.score(block[offset + j]!);
        const row: PairRow = { toolA: ids[i]!, toolB: ids[j]!, similarity, flagged: similarity >= analysis.threshold };
        if (fullBlock) row.fullSimilarity = scale.score(fullBlock[offset + j]!);
        yield row;
      }
    }
  }
}

function* matrixRows(run: SimilarityRun): Generator<{ tool: string; values: ArrayLike<number> }> {
  const { scoring, analysis } = run;
  const n = scoring.tools.length;
  const matrix = analysis.matrix ?? symmetricMatrix(scoring.description, scoring.scale.score);
  for (let i = 0; i < n; i++) yield { tool: scoring.tools[i]!.id, values: matrix.subarray(i * n, (i + 1) * n) };
}

export function buildReportData(run: SimilarityRun, table: CsvTable): ReportData {
  const n = run.scoring.tools.length;
  if (table === 'matrix' && n > MAX_MATRIX_TOOLS) {
    throw new UnprocessableError('too_many_tools', `The matrix CSV holds at most ${MAX_MATRIX_TOOLS} tools (${n} given); table=pairs streams every pair instead`, {
      toolCount: n,
      limit: MAX_MATRIX_TOOLS,
    });
  }
  const ids = run.scoring.tools.map((t) => t.id);
  const { indices } = selectHeatmapTools(ids, run.analysis);
  return {
    generatedAt: new Date().toISOString(),
    result: run.result,
    heatmap: { ...overlapMatrix(run.scoring, indices, run.weights), shownTools: indices.length, totalTools: n },
    hasFullSimilarity: run.scoring.full !== null,
    pairRows: () => pairRows(run),
    matrixRows: () => matrixRows(run),
  };
}
