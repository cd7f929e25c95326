import { describe, expect, it, vi } from 'vitest';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import * as reportRoute from '@/app/api/similarity/report/route';
import { csvFormat } from '@/lib/test-cases/formats/csv';
import { call } from './helpers/api';
import { hasSharedData, sharedSlice } from './helpers/similarity-fixtures';

vi.mock('@/lib/embeddings/registry', async (importOriginal) => {
  const { hashedRegistry } = await import('./helpers/similarity-embedding');
  return hashedRegistry(await importOriginal());
});

const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)> "quoted", | pipes | and\nnew lines';

/** Near-duplicates (one with a hostile description), a formula-looking name, and a tool with a comma in its name. */
const TOOLS = [
  { server: 'docs', name: 'search_docs', description: `Search the document index for passages that match a query. ${HOSTILE}` },
  { server: 'docs', name: 'find_passages', description: 'Search the document index for passages that match a query and rank them' },
  { server: 'evil', name: '=HYPERLINK("http://x")', description: 'Search the document index for passages matching the query' },
  { server: 'misc', name: 'one, two', description: 'Current weather and forecast for a city' },
];

type ErrorBody = { error: { code: string; message: string } };

const report = (format: string, body: unknown = { toolList: TOOLS, similarityThreshold: 0.6 }, table?: string) =>
  call<ErrorBody>(reportRoute.POST, 'POST', '/api/similarity/report', { body, query: { format, ...(table ? { table } : {}) } });

/**
 * Reads two columns of a CSV with the project's RFC 4180 parser (lib/test-cases/formats/csv.ts):
 * it maps the columns named name and query, so the header is renamed to put them where wanted.
 * It also undoes the formula guard, as a round trip must.
 */
function readColumns(csv: string, first: number, second: number, width?: number): { rows: [string, string][]; header: string[] } {
  const [headerLine, ...rest] = csv.split('\r\n');
  // Quoted ids may hold commas: give the width when the header has such cells.
  const header = (headerLine ?? '').split(',');
  const renamed = Array.from({ length: width ?? header.length }, (_, i) => (i === first ? 'name' : i === second ? 'query' : `c${i}`)).join(',');
  const parsed = csvFormat.parse([renamed, ...rest].join('\r\n'));
  return {
    header,
    rows: parsed.map((row) => {
      if ('error' in row) throw new Error(`row ${row.row}: ${row.error}`);
      return [String(row.value.name), String(row.value.query)];
    }),
  };
}

describe('similarity reports', () => {
  it('JSON: the analysis, recommendations and overlap matrix, as an attachment that parses back', async () => {
    const res = await report('json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="similarity-report-[\dTZ-]+\.json"$/);
    const parsed = JSON.parse(res.text) as { pairs: unknown[]; tools: { id: string }[]; overlap: { matrix: number[][]; tools: string[] }; recommendations: { issues: unknown[] } };
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(parsed);
    const analysis = await call<{ pairs: unknown[] }>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', { body: { toolList: TOOLS, similarityThreshold: 0.6 } });
    expect(parsed.pairs).toEqual(analysis.body.pairs);
    expect(parsed.overlap.matrix).toHaveLength(4);
    expect(parsed.overlap.tools.slice().sort()).toEqual(parsed.tools.map((t) => t.id).sort());
    // Reports include recommendations unless the body says otherwise.
    expect(parsed.recommendations.issues.length).toBeGreaterThan(0);
    const without = JSON.parse((await report('json', { toolList: TOOLS, includeRecommendations: false })).text) as Record<string, unknown>;
    expect(without.recommendations).toBeUndefined();
  });

  it('CSV of pairs: RFC 4180, formula-guarded, read back by the project CSV parser', async () => {
    const res = await report('csv', { toolList: TOOLS, similarityThreshold: 0.6, computeFullSimilarity: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/-pairs\.csv"$/);
    const ids = ['docs/search_docs', 'docs/find_passages', 'evil/=HYPERLINK("http://x")', 'misc/one, two'];
    const { header, rows } = readColumns(res.text, 0, 1);
    expect(header).toEqual(['toolA', 'toolB', 'similarity', 'fullSimilarity', 'flagged']);
    expect(rows).toHaveLength(6);
    expect(rows).toContainEqual([ids[0], ids[3]]);
    // The formula guard only touches cells that start with a trigger; ids start with the server.
    expect(res.text).toContain('"misc/one, two"');
    const scores = readColumns(res.text, 2, 4).rows;
    for (const [similarity, flagged] of scores) {
      expect(Number(similarity)).toBeGreaterThanOrEqual(0);
      expect(flagged).toBe(Number(similarity) >= 0.6 ? 'true' : 'false');
    }
  });

  it('CSV guards cells that a spreadsheet would run as formulas', async () => {
    const res = await report('csv', { toolList: [{ name: '=1+1', description: 'adds numbers' }, { name: '@cmd', description: 'runs a command' }] });
    expect(res.text.split('\r\n')[1]).toBe("'=1+1,'@cmd,0.3,false");
    expect(readColumns(res.text, 0, 1).rows).toEqual([['=1+1', '@cmd']]);
  });

  it('CSV of the matrix: a header of tool ids and one row per tool', async () => {
    const res = await report('csv', undefined, 'matrix');
    expect(res.status).toBe(200);
    const { header, rows } = readColumns(res.text, 0, 1, 5);
    expect(header[0]).toBe('tool');
    expect(rows.map((r) => r[0])).toEqual(['docs/search_docs', 'docs/find_passages', 'evil/=HYPERLINK("http://x")', 'misc/one, two']);
    // Row 0, column 0 is the diagonal.
    expect(rows[0]?.[1]).toBe('1');
    expect(res.text.split('\r\n').filter(Boolean)).toHaveLength(5);
  });

  it('Markdown: summary, flagged pairs, clusters and recommendations, tool text escaped', async () => {
    const res = await report('md');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.text).toMatch(/^# Tool similarity report/);
    for (const heading of ['## Flagged pairs', '## Clusters', '## Recommendations']) expect(res.text).toContain(heading);
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).toContain('&lt;script&gt;');
    // Table rows keep their shape: pipes in tool text are escaped.
    const tableRows = res.text.split('\n').filter((l) => l.startsWith('| '));
    expect(tableRows.length).toBeGreaterThan(2);
    for (const line of tableRows) expect(line.split(/(?<!\\)\|/).length).toBeGreaterThanOrEqual(4);
  });

  it('HTML: standalone, an SVG heatmap with a title per cell, and no live markup from a hostile description', async () => {
    const res = await report('html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/\.html"$/);
    const html = res.text;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    // Every "<" of tool text is escaped, so any tag is the report's own: none has an event handler.
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/(src|href)=["']?https?:/i);
    expect(html).toContain("Content-Security-Policy");
    expect(html.match(/<rect /g)).toHaveLength(16);
    expect(html.match(/<title>/g)?.length).toBe(17); // the page title + one per cell
    expect(html).toMatch(/<title>docs\/search_docs × docs\/find_passages: similarity [\d.]+( \(flagged\))?; overlap [\d.]+ \(semantic [\d.]+, parameters n\/a, description [\d.]+\)<\/title>/);
    // Labelled on both axes (columns rotated above the grid), each pair cell printing its similarity.
    expect(html.match(/transform="rotate\(-45 /g)).toHaveLength(4);
    expect(html.match(/pointer-events="none">\.?\d*\.?\d+<\/text>/g)).toHaveLength(12);
    expect(html).toContain('Before</div>');
    expect(html).toContain('After</div>');
  });

  it('answers 400 for an unknown format', async () => {
    const res = await report('pdf');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('format');
  });

  it.skipIf(!hasSharedData)('streams every pair of a large input as CSV, and heatmaps its 100 most confusable tools', async () => {
    const slice = sharedSlice(250);
    const n = slice.reduce((sum, s) => sum + s.tools.length, 0);
    const body = { serverList: slice, duplicateIds: 'number', similarityThreshold: 0.9 };
    const csv = await report('csv', body);
    expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(1 + (n * (n - 1)) / 2);
    const html = await report('html', body);
    expect(html.status).toBe(200);
    expect(html.text).toMatch(/the 100 most confusable of \d+ tools/);
    expect(html.text.match(/<rect /g)).toHaveLength(100 * 100);
  });
});
