import { describe, expect, it } from 'vitest';
import type { MatrixModelRow, MatrixRunRow } from '@/db/queries/batch-matrix';
import { buildMatrix, disagreementOf, severityOf, sortRows } from './cells';

const model = (id: string, model: string, temperature = 0.4): MatrixModelRow => ({ id, provider: 'openai', model, temperature, baseUrl: null, systemPrompt: null });

function run(p: Partial<MatrixRunRow> & Pick<MatrixRunRow, 'runId' | 'testCaseId' | 'modelSettingsId'>): MatrixRunRow {
  return {
    testCaseName: p.testCaseId,
    status: 'completed',
    classification: 'TP',
    confidenceScore: null,
    samples: 1,
    selectedServer: 's',
    selectedTool: 't',
    errorMessage: null,
    parameterCorrectness: null,
    passK: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    completedAt: '2025-01-01T00:00:01.000Z',
    ...p,
  };
}

describe('buildMatrix', () => {
  it('names two columns of the same model apart by their temperature', () => {
    const { models } = buildMatrix([model('a', 'gpt-4o'), model('b', 'gpt-4o', 1), model('c', 'gpt-4o-mini')], []);
    expect(models.map((m) => m.label)).toEqual(['openai/gpt-4o #1 (temperature 0.4)', 'openai/gpt-4o #2 (temperature 1)', 'openai/gpt-4o-mini']);
  });

  it('leaves a hole (null) where a case has no run for a model, and drops runs without a column', () => {
    const { rows } = buildMatrix([model('a', 'x'), model('b', 'y')], [run({ runId: 'r1', testCaseId: 'c', modelSettingsId: 'a' }), run({ runId: 'r2', testCaseId: 'c', modelSettingsId: null })]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.cells.map((c) => c?.runId ?? null)).toEqual(['r1', null]);
    expect(rows[0]?.worst).toBe(4);
  });

  it('shows the completed run of a cell even when a later one failed', () => {
    const { rows } = buildMatrix(
      [model('a', 'x')],
      [run({ runId: 'ok', testCaseId: 'c', modelSettingsId: 'a' }), run({ runId: 'late', testCaseId: 'c', modelSettingsId: 'a', status: 'failed', classification: null, completedAt: '2025-02-01T00:00:00.000Z' })],
    );
    expect(rows[0]?.cells[0]?.runId).toBe('ok');
    expect(rows[0]?.cells[0]?.runIds).toEqual(['ok', 'late']);
  });
});

describe('disagreement and severity', () => {
  const cells = buildMatrix(
    [model('a', 'x'), model('b', 'y'), model('c', 'z')],
    [
      run({ runId: '1', testCaseId: 'k', modelSettingsId: 'a', selectedTool: 't' }),
      run({ runId: '2', testCaseId: 'k', modelSettingsId: 'b', selectedTool: 'u', classification: 'FN', samples: 4, confidenceScore: 0.75, passK: 0 }),
      run({ runId: '3', testCaseId: 'k', modelSettingsId: 'c', status: 'pending', classification: null }),
    ],
  ).rows[0]?.cells ?? [];

  it('counts distinct answers beyond the first and the disagreeing share of samples; unfinished cells do not count', () => {
    expect(disagreementOf(cells)).toBe(1.25);
  });

  it('ranks a wrong verdict below a correct one and an unfinished run last', () => {
    expect(cells.map(severityOf)).toEqual([4, 1, 6]);
  });
});

describe('sortRows', () => {
  it('breaks ties by name, A-Z, whatever the direction of the key', () => {
    const rows = [
      { testCaseId: '1', testCaseName: 'b', cells: [], disagreement: 0, worst: 4 },
      { testCaseId: '2', testCaseName: 'a', cells: [], disagreement: 0, worst: 4 },
      { testCaseId: '3', testCaseName: 'c', cells: [], disagreement: 1, worst: 1 },
    ];
    expect(sortRows([...rows], 'disagreement', 'desc').map((r) => r.testCaseName)).toEqual(['c', 'a', 'b']);
    expect(sortRows([...rows], 'worst', 'desc').map((r) => r.testCaseName)).toEqual(['a', 'b', 'c']);
    expect(sortRows([...rows], 'name', 'desc').map((r) => r.testCaseName)).toEqual(['c', 'b', 'a']);
  });
});

describe('the local router in the matrix', () => {
  it("reads its samples as agreeing (its confidence is its score margin), so a low margin is not disagreement", () => {
    const { rows } = buildMatrix(
      [model('a', 'x')],
      [run({ runId: 'r', testCaseId: 'c', modelSettingsId: 'a', samples: 3, confidenceScore: 0.55, confidenceSource: 'local_margin' })],
    );
    expect(rows[0]?.cells[0]).toMatchObject({ confidence: 0.55, agreement: 1 });
    expect(rows[0]?.disagreement).toBe(0);
  });
});

describe('where a cell\'s confidence comes from', () => {
  it('takes the source the run recorded, else the one its provider and samples imply, and none without a confidence', () => {
    const local: MatrixModelRow = { ...model('l', 'lexical'), provider: 'local' };
    const { rows } = buildMatrix(
      [model('a', 'x'), local],
      [
        run({ runId: '1', testCaseId: 'recorded', modelSettingsId: 'a', samples: 3, confidenceScore: 0.6, confidenceSource: 'sample_agreement' }),
        run({ runId: '2', testCaseId: 'old-one-sample', modelSettingsId: 'a', samples: 1, confidenceScore: 0.9 }),
        run({ runId: '3', testCaseId: 'old-sampled', modelSettingsId: 'a', samples: 3, confidenceScore: 0.9 }),
        run({ runId: '4', testCaseId: 'old-local', modelSettingsId: 'l', samples: 3, confidenceScore: 0.2 }),
        run({ runId: '5', testCaseId: 'unrated', modelSettingsId: 'a', samples: 1, confidenceScore: null, confidenceSource: 'self_assessment' }),
      ],
    );
    const source = (name: string) => rows.find((r) => r.testCaseName === name)?.cells.find((c) => c !== null)?.confidenceSource;
    expect(source('recorded')).toBe('sample_agreement');
    expect(source('old-one-sample')).toBe('self_assessment');
    expect(source('old-sampled')).toBe('sample_agreement');
    expect(source('old-local')).toBe('local_margin');
    expect(source('unrated')).toBeNull();
  });
});
