import 'server-only';
import { isPostgres } from '../dialect';
import { all, get, sqlNamed } from '../sql';
import type { TestRunRow } from '../schema';

type Classification = NonNullable<TestRunRow['classification']>;

/** One test case x model across two batches: its latest completed run in each (null if none). */
export type CaseOutcomePair = {
  testCaseId: string;
  testCaseName: string;
  provider: string | null;
  model: string | null;
  aClassification: Classification | null;
  aSelectedServer: string | null;
  aSelectedTool: string | null;
  bClassification: Classification | null;
  bSelectedServer: string | null;
  bSelectedTool: string | null;
};

export async function hasBatch(id: string): Promise<boolean> {
  return (await get(sqlNamed('select 1 as found from run_batches where id = @id', { id }))) !== undefined;
}

type UnitLatest = {
  batchId: string;
  testCaseId: string;
  testCaseName: string;
  provider: string | null;
  model: string | null;
  classification: Classification;
  selectedServer: string | null;
  selectedTool: string | null;
};

/**
 * Pairs the latest completed run per (test case, provider, model) of batch a with that of
 * batch b; a side without one is null. Models are matched by provider and model name
 * because each batch records its own model_settings rows.
 *
 * Read from metrics_compare_rollup (one row per batch, test case and model settings, kept by triggers):
 * O(cases x models) rows. Several settings rows of one batch with the same provider and model are one
 * unit, as before: the largest latest key among them wins. The key is text whose parts are joined by
 * U+0001, compared bytewise (Postgres: collate "C"), as the per-run read compares it. The two sides are
 * paired here (a full join on nullable provider and model was a nested loop in SQLite: 600 x 600 units, 15 ms).
 */
export async function selectCaseOutcomePairs(batchA: string, batchB: string): Promise<CaseOutcomePair[]> {
  const groups = `
      from metrics_compare_rollup c left join model_settings m on m.id = c.model_settings_id
      where c.batch_id in (@a, @b)`;
  const columns = 'c.latest_classification as classification, c.latest_selected_server as selected_server, c.latest_selected_tool as selected_tool';
  // SQLite takes the bare columns from the row that holds the max(); Postgres keeps the first row of each unit in key order.
  const latest = isPostgres()
    ? `select distinct on (c.batch_id, c.test_case_id, m.provider, m.model) c.batch_id, c.test_case_id, m.provider, m.model, ${columns} ${groups}
      order by c.batch_id, c.test_case_id, m.provider, m.model, c.latest_key collate "C" desc`
    : `select c.batch_id, c.test_case_id, m.provider, m.model, max(c.latest_key) as k, ${columns} ${groups}
      group by c.batch_id, c.test_case_id, m.provider, m.model`;
  const text = `
    select l.batch_id as "batchId", tc.id as "testCaseId", tc.name as "testCaseName", l.provider, l.model, l.classification,
      l.selected_server as "selectedServer", l.selected_tool as "selectedTool"
    from (${latest}) l join test_cases tc on tc.id = l.test_case_id`;
  const units = await all<UnitLatest>(sqlNamed(text, { a: batchA, b: batchB }));
  const unitKey = (u: UnitLatest) => JSON.stringify([u.testCaseId, u.provider, u.model]);
  const pairs = new Map<string, CaseOutcomePair>();
  const pairOf = (u: UnitLatest): CaseOutcomePair => {
    const key = unitKey(u);
    const pair = pairs.get(key) ?? {
      testCaseId: u.testCaseId, testCaseName: u.testCaseName, provider: u.provider, model: u.model,
      aClassification: null, aSelectedServer: null, aSelectedTool: null, bClassification: null, bSelectedServer: null, bSelectedTool: null,
    };
    pairs.set(key, pair);
    return pair;
  };
  for (const u of units) {
    if (u.batchId === batchA) Object.assign(pairOf(u), { aClassification: u.classification, aSelectedServer: u.selectedServer, aSelectedTool: u.selectedTool });
    if (u.batchId === batchB) Object.assign(pairOf(u), { bClassification: u.classification, bSelectedServer: u.selectedServer, bSelectedTool: u.selectedTool });
  }
  return [...pairs.values()];
}

/**
 * How many completed, judged runs of a batch a (test case, provider, model) had with one classification:
 * every sample counts (the significance test pools them per case x model). Counted in SQL, so a batch of
 * 200,000 runs comes back as a few thousand rows.
 */
export type BatchRunOutcome = { testCaseId: string; provider: string | null; model: string | null; classification: Classification; runs: number };

const CLASSIFICATIONS = ['TP', 'FP', 'TN', 'FN'] as const satisfies readonly Classification[];
type ClassificationCounts = { testCaseId: string; provider: string | null; model: string | null; TP: number; FP: number; TN: number; FN: number };

/** Read from metrics_compare_rollup: one row per (test case, provider, model) with its four counts, then one outcome per non-zero count. */
export async function selectBatchRunOutcomes(batchId: string): Promise<BatchRunOutcome[]> {
  const text = `
    select c.test_case_id as "testCaseId", m.provider as provider, m.model as model,
      sum(c.tp) as "TP", sum(c.fp) as "FP", sum(c.tn) as "TN", sum(c.fn) as "FN"
    from metrics_compare_rollup c left join model_settings m on m.id = c.model_settings_id
    where c.batch_id = @batchId
    group by c.test_case_id, m.provider, m.model`;
  const rows = await all<ClassificationCounts>(sqlNamed(text, { batchId }));
  return rows.flatMap((r) =>
    CLASSIFICATIONS.filter((c) => Number(r[c]) > 0).map((classification) => ({ testCaseId: r.testCaseId, provider: r.provider, model: r.model, classification, runs: Number(r[classification]) })),
  );
}
