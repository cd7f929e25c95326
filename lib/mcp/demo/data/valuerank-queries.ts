import {
  DEFINITIONS,
  RUNS,
  TRANSCRIPTS,
  type Definition,
  type Dimension,
  type Run,
  type RunStatus,
  type Transcript,
} from './valuerank-fixtures';

// Lookups and statistics shared by the valuerank tools and its tiny GraphQL endpoint.

export function findDefinitions(filter: { search?: string; tag?: string } = {}): Definition[] {
  const search = filter.search?.toLowerCase();
  const tag = filter.tag?.toLowerCase();
  return DEFINITIONS.filter(
    (d) =>
      (!search || `${d.name} ${d.description}`.toLowerCase().includes(search)) &&
      (!tag || d.tags.some((t) => t.toLowerCase() === tag)),
  );
}

export function findRuns(filter: { definitionId?: string; status?: RunStatus; model?: string } = {}): Run[] {
  const model = filter.model?.toLowerCase();
  return RUNS.filter(
    (r) =>
      (!filter.definitionId || r.definitionId === filter.definitionId) &&
      (!filter.status || r.status === filter.status) &&
      (!model || r.model.toLowerCase().includes(model)),
  );
}

export const getDefinition = (id: string): Definition | undefined => DEFINITIONS.find((d) => d.id === id);
export const getRun = (id: string): Run | undefined => RUNS.find((r) => r.id === id);
export const getTranscript = (id: string): Transcript | undefined => TRANSCRIPTS.find((t) => t.id === id);
export const transcriptsOf = (runId: string): Transcript[] => TRANSCRIPTS.filter((t) => t.runId === runId);
export const runCountOf = (definitionId: string): number => RUNS.filter((r) => r.definitionId === definitionId).length;

const round = (n: number) => Math.round(n * 100) / 100;

export type DimensionStats = {
  dimension: Dimension;
  n: number;
  mean: number | null;
  min: number | null;
  max: number | null;
  stdDev: number | null;
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
  lowestTranscriptIds: string[];
};

export function analyzeDimension(transcripts: Transcript[], dimension: Dimension): DimensionStats {
  const scored = transcripts.flatMap((t) => (t.scores[dimension] === undefined ? [] : [{ id: t.id, score: t.scores[dimension] }]));
  const values = scored.map((s) => s.score);
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const v of values) distribution[String(v) as keyof typeof distribution]++;
  if (values.length === 0) {
    return { dimension, n: 0, mean: null, min: null, max: null, stdDev: null, distribution, lowestTranscriptIds: [] };
  }
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
  const min = Math.min(...values);
  return {
    dimension,
    n: values.length,
    mean: round(mean),
    min,
    max: Math.max(...values),
    stdDev: round(Math.sqrt(variance)),
    distribution,
    lowestTranscriptIds: scored.filter((s) => s.score === min).map((s) => s.id),
  };
}

export function summarizeRun(run: Run) {
  const definition = getDefinition(run.definitionId);
  const transcripts = transcriptsOf(run.id);
  const meanScores: Partial<Record<Dimension, number | null>> = {};
  for (const dimension of definition?.dimensions ?? []) meanScores[dimension] = analyzeDimension(transcripts, dimension).mean;
  const means = Object.values(meanScores).filter((m): m is number => m !== null);
  const decisions: Record<string, number> = {};
  for (const t of transcripts) decisions[t.decision] = (decisions[t.decision] ?? 0) + 1;
  return {
    run,
    definition: definition ? { id: definition.id, name: definition.name, scenarioCount: definition.scenarioCount } : null,
    transcriptCount: transcripts.length,
    overallScore: means.length > 0 ? round(means.reduce((a, b) => a + b, 0) / means.length) : null,
    meanScores,
    decisionDistribution: decisions,
    flaggedTranscriptIds: transcripts.filter((t) => t.flagged).map((t) => t.id),
  };
}
