import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TestCaseListItemDto } from '@/components/data/types';
import { toRow, toRowPage } from './rows';
import { TestCaseTable } from './test-case-table';

function item(over: Partial<TestCaseListItemDto>): TestCaseListItemDto {
  return {
    id: 'tc-1',
    name: 'weather in Paris',
    query: `What is the weather in Paris tomorrow? ${'a long question '.repeat(10)}`,
    serverIds: ['s1', 's2'],
    servers: [{ id: 's1', name: 'weather' }, { id: 's2', name: 'maps' }],
    expectedServer: 'weather',
    expectedTool: 'get_forecast',
    expectedParameters: { city: 'Paris', days: 1, units: 'metric', lang: 'fr', extra: true },
    argumentMatching: 'strict',
    tags: ['nightly', 'smoke'],
    expectedCalls: [],
    callOrder: 'any' as TestCaseListItemDto['callOrder'],
    context: [{ role: 'user', content: 'earlier turn' }] as TestCaseListItemDto['context'],
    forbiddenTools: [{ server: 'weather', tool: 'delete_city' }],
    mode: 'selection' as TestCaseListItemDto['mode'],
    maxSteps: 4,
    execute: 'never' as TestCaseListItemDto['execute'],
    mockResults: null,
    createdAt: '2026-11-20T10:11:12.000Z',
    updatedAt: '2026-11-21T10:11:12.000Z',
    lastVerdicts: [
      { modelLabel: 'openai/gpt-4o-mini', provider: 'openai', model: 'gpt-4o-mini', classification: 'TP', outcome: 'correct' as TestCaseListItemDto['lastVerdicts'][number]['outcome'], runId: 'r1', completedAt: '2026-11-22T00:00:00.000Z' },
      { modelLabel: 'local/router', provider: 'local', model: 'router', classification: 'FN', outcome: 'missed' as TestCaseListItemDto['lastVerdicts'][number]['outcome'], runId: 'r2', completedAt: null },
    ],
    ...over,
  };
}

const ITEMS = [item({}), item({ id: 'tc-2', name: 'negative', expectedServer: null, expectedTool: null, expectedParameters: null, tags: [], lastVerdicts: [] }), item({ id: 'tc-3', expectedParameters: {} })];

function table(items: Parameters<typeof TestCaseTable>[0]['items']): string {
  const selection = { isSelected: (id: string) => id === 'tc-2', toggle: () => undefined, togglePage: () => undefined };
  return renderToStaticMarkup(
    createElement(QueryClientProvider, { client: new QueryClient() }, createElement(TestCaseTable, { items, onDeleted: () => undefined, view: { sort: 'name', dir: 'asc' }, onSort: () => undefined, selection })),
  );
}

describe('list rows (the hydration data of /test-cases)', () => {
  it('render the same table as the full cases', () => {
    const full = table(ITEMS);
    expect(full).toContain('get_forecast');
    expect(full).toContain('gpt-4o-mini');
    expect(table(ITEMS.map(toRow))).toBe(full);
  });

  it('carry far less than the full case and keep the page figures', () => {
    const page = { items: ITEMS, total: 2000, limit: 200, offset: 400 };
    const rows = toRowPage(page);
    expect({ ...rows, items: [] }).toEqual({ ...page, items: [] });
    expect(JSON.stringify(rows).length).toBeLessThan(JSON.stringify(page).length * 0.75);
    expect(rows.items[0]).not.toHaveProperty('context');
    expect(rows.items[0]).not.toHaveProperty('mockResults');
  });
});
