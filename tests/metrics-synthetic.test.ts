import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { all } from '@/db/sql';
import { toCreatedAtBounds, type MetricsFilters } from '@/lib/metrics/filters';
import { getMetricsSummary } from '@/lib/metrics/summary';
import { writeSyntheticRuns, type SyntheticRuns } from './helpers/synthetic-runs';

/** Every run joined with its evaluation, loaded whole: the slow, obvious reference. */
type Row = {
  batchId: string | null;
  testCaseId: string;
  status: string;
  ms: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  createdAt: string;
  runSelectedServer: string | null;
  runSelectedTool: string | null;
  provider: string | null;
  model: string | null;
  evaluated: number;
  classification: 'TP' | 'FP' | 'TN' | 'FN' | null;
  expectedServer: string | null;
  expectedTool: string | null;
  selectedServer: string | null;
  selectedTool: string | null;
  completeness: number | null;
  correctness: number | null;
  conformance: number | null;
  confidence: number | null;
  category: string | null;
  passK: number | null;
  caseServer: string | null;
  caseTool: string | null;
};

let data: SyntheticRuns;
let rows: Row[];

beforeAll(async () => {
  data = await writeSyntheticRuns(3000, { seed: 7, batches: 3, days: 5, failedShare: 0.05, testCases: 40 });
  rows = await all<Row>(
    sql`select r.batch_id as "batchId", r.test_case_id as "testCaseId", r.status, r.execution_time_ms as ms,
         r.input_tokens as "inputTokens", r.output_tokens as "outputTokens", r.created_at as "createdAt",
         r.selected_server as "runSelectedServer", r.selected_tool as "runSelectedTool", m.provider, m.model,
         case when e.id is not null then 1 else 0 end as evaluated, e.classification,
         e.expected_server as "expectedServer", e.expected_tool as "expectedTool",
         e.selected_server as "selectedServer", e.selected_tool as "selectedTool", e.parameter_completeness as completeness,
         e.parameter_correctness as correctness, e.type_conformance as conformance, e.confidence_score as confidence,
         e.confidence_category as category, case when e.pass_k is null then null when e.pass_k then 1 else 0 end as "passK",
         tc.expected_mcp_server_name as "caseServer", tc.expected_tool_name as "caseTool"
       from test_runs r
       left join evaluation_results e on e.test_run_id = r.id
       left join model_settings m on m.id = r.model_settings_id
       join test_cases tc on tc.id = r.test_case_id`,
  );
});

function matches(r: Row, f: MetricsFilters): boolean {
  const { from, before } = toCreatedAtBounds(f);
  const expectedServer = r.evaluated ? r.expectedServer : r.caseServer;
  const expectedTool = r.evaluated ? r.expectedTool : r.caseTool;
  return (
    (!f.batchId || r.batchId === f.batchId) &&
    (!f.testCaseId || r.testCaseId === f.testCaseId) &&
    (!f.provider || r.provider === f.provider) &&
    (!f.model || r.model === f.model) &&
    (!from || r.createdAt >= from) &&
    (!before || r.createdAt < before) &&
    (!f.serverName || expectedServer === f.serverName || r.runSelectedServer === f.serverName) &&
    (!f.toolName || expectedTool === f.toolName || r.runSelectedTool === f.toolName)
  );
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
const present = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
const countOf = (list: Row[], c: string) => list.filter((r) => r.classification === c).length;

function nearestRank(sorted: number[], p: number): number | null {
  return sorted.length ? (sorted[Math.ceil((p * sorted.length) / 100) - 1] ?? null) : null;
}

function expectClose(actual: number | null, expected: number | null) {
  if (expected === null) expect(actual).toBeNull();
  else expect(actual).toBeCloseTo(expected, 9);
}

describe('summary against a row-by-row reference on 3000 synthetic runs', () => {
  const filterCases = (): [string, MetricsFilters][] => [
    ['all', {}],
    ['batch', { batchId: data.batchIds[1] }],
    ['model', { provider: data.models[2]?.provider, model: data.models[2]?.model }],
    ['server', { serverName: data.serverNames[0] }],
    ['tool', { toolName: 'search_syn_server_2' }],
    ['dates', { from: '2025-01-02', to: '2025-01-03T12:00:00Z' }],
    ['case', { testCaseId: data.testCaseIds[3] }],
  ];

  it('matches on every filter', async () => {
    for (const [label, filters] of filterCases()) {
      const scoped = rows.filter((r) => matches(r, filters));
      const evaluated = scoped.filter((r) => r.evaluated);
      const s = await getMetricsSummary(filters);
      const why = `filter ${label}`;
      expect(evaluated.length, why).toBeGreaterThan(0);
      expect(s.counts, why).toEqual({
        tp: countOf(evaluated, 'TP'), fp: countOf(evaluated, 'FP'), tn: countOf(evaluated, 'TN'), fn: countOf(evaluated, 'FN'), total: evaluated.length,
      });
      expect(s.runs, why).toEqual({
        completed: scoped.filter((r) => r.status === 'completed').length,
        failed: scoped.filter((r) => r.status === 'failed' || r.status === 'cancelled').length,
        total: scoped.length,
      });
      expectClose(s.parameters.completeness, mean(present(evaluated.map((r) => r.completeness))));
      expectClose(s.parameters.correctness, mean(present(evaluated.map((r) => r.correctness))));
      expectClose(s.parameters.typeConformance, mean(present(evaluated.map((r) => r.conformance))));
      expectClose(s.confidence.average, mean(present(evaluated.map((r) => r.confidence))));
      expect(s.confidence.unrated, why).toBe(evaluated.filter((r) => r.category === null).length);
      const passK = present(evaluated.map((r) => r.passK));
      expect(s.passK, why).toEqual(passK.length ? { runs: passK.length, passed: passK.filter(Boolean).length, rate: passK.filter(Boolean).length / passK.length } : null);
      const latencies = present(evaluated.map((r) => r.ms)).sort((a, b) => a - b);
      expect(s.latency.p50, why).toBe(nearestRank(latencies, 50));
      expect(s.latency.p95, why).toBe(nearestRank(latencies, 95));
      expectClose(s.latency.mean, mean(latencies));
      const input = evaluated.reduce((a, r) => a + (r.inputTokens ?? 0), 0);
      const output = evaluated.reduce((a, r) => a + (r.outputTokens ?? 0), 0);
      expect(s.tokens, why).toEqual({ input, output, total: input + output });
    }
  });

  it('matches the per-tool, per-model and per-day breakdowns and the confusion cells', async () => {
    for (const [label, filters] of filterCases()) {
      const evaluated = rows.filter((r) => r.evaluated && matches(r, filters));
      const s = await getMetricsSummary(filters);
      const why = `filter ${label}`;
      const label2 = (server: string | null, tool: string | null) => (tool === null ? 'none' : `${server}/${tool}`);
      const cells = new Map<string, number>();
      for (const r of evaluated) {
        const key = `${label2(r.expectedServer, r.expectedTool)} -> ${label2(r.selectedServer, r.selectedTool)}`;
        cells.set(key, (cells.get(key) ?? 0) + 1);
      }
      expect(new Map(s.confusionMatrix.cells.map((c) => [`${c.expected} -> ${c.selected}`, c.count])), why).toEqual(cells);
      const toolsSeen = new Set(evaluated.flatMap((r) => [label2(r.expectedServer, r.expectedTool), label2(r.selectedServer, r.selectedTool)]).filter((t) => t !== 'none'));
      expect(new Set(s.byTool.map((t) => t.tool)), why).toEqual(toolsSeen);
      for (const t of s.byTool) {
        const exp = evaluated.filter((r) => label2(r.expectedServer, r.expectedTool) === t.tool);
        const sel = evaluated.filter((r) => label2(r.selectedServer, r.selectedTool) === t.tool);
        const tp = exp.filter((r) => label2(r.selectedServer, r.selectedTool) === t.tool).length;
        expect({ tp: t.tp, fp: t.fp, fn: t.fn }, `${why} ${t.tool}`).toEqual({ tp, fp: sel.length - tp, fn: exp.length - tp });
      }
      for (const m of s.byModel) {
        const mine = evaluated.filter((r) => r.provider === m.provider && r.model === m.model);
        expect(m.counts.total, why).toBe(mine.length);
        expect(m.counts.tp, why).toBe(countOf(mine, 'TP'));
        expectClose(m.meanLatencyMs, mean(present(mine.map((r) => r.ms))));
      }
      expect(s.byModel.reduce((a, m) => a + m.counts.total, 0), why).toBe(evaluated.length);
      for (const d of s.byDay) {
        const mine = evaluated.filter((r) => r.createdAt.startsWith(d.date));
        expect(d.counts, why).toEqual({ tp: countOf(mine, 'TP'), fp: countOf(mine, 'FP'), tn: countOf(mine, 'TN'), fn: countOf(mine, 'FN'), total: mine.length });
      }
      expect(s.byDay.reduce((a, d) => a + d.counts.total, 0), why).toBe(evaluated.length);
    }
  });
});
