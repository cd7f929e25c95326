import type { List, TestCaseListItemDto } from '@/components/data/types';

/** What a row of the list shows: the page embeds these, not the whole case (context, mocks, calls, ...), in its hydration data. */
export type TestCaseRow = Pick<TestCaseListItemDto, 'id' | 'name' | 'query' | 'expectedServer' | 'expectedTool' | 'expectedParameters' | 'tags' | 'createdAt'> & {
  servers: { name: string }[];
  lastVerdicts: Pick<TestCaseListItemDto['lastVerdicts'][number], 'modelLabel' | 'model' | 'classification' | 'outcome' | 'runId'>[];
};

export type TestCaseRowPage = Omit<List<TestCaseListItemDto>, 'items'> & { items: TestCaseRow[] };

/** The row view of one listed case: only the fields the table reads. */
export function toRow(tc: TestCaseListItemDto): TestCaseRow {
  return {
    id: tc.id,
    name: tc.name,
    query: tc.query,
    servers: tc.servers.map((s) => ({ name: s.name })),
    expectedServer: tc.expectedServer,
    expectedTool: tc.expectedTool,
    expectedParameters: tc.expectedParameters,
    tags: tc.tags,
    createdAt: tc.createdAt,
    lastVerdicts: tc.lastVerdicts.map((v) => ({ modelLabel: v.modelLabel, model: v.model, classification: v.classification, outcome: v.outcome, runId: v.runId })),
  };
}

/** A list page as rows. */
export function toRowPage(page: List<TestCaseListItemDto>): TestCaseRowPage {
  return { total: page.total, limit: page.limit, offset: page.offset, items: page.items.map(toRow) };
}
