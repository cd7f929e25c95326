import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDemoClient, type DemoClient } from '@/tests/helpers/demo-client';

type Rows<K extends string> = { total: number } & Record<K, { id: string }[]>;

describe('valuerank demo server', () => {
  let c: DemoClient;
  beforeAll(async () => {
    c = await connectDemoClient('valuerank');
  });
  afterAll(async () => {
    await c.close();
  });

  it('lists definitions with run counts, filtered by text or tag', async () => {
    const all = await c.ok<{ total: number; definitions: { id: string; runCount: number }[] }>('list_definitions');
    expect(all.total).toBe(3);
    expect(all.definitions.map((d) => [d.id, d.runCount])).toEqual([
      ['def-privacy-safety', 2],
      ['def-medical-autonomy', 2],
      ['def-hiring-fairness', 2],
    ]);
    const medical = await c.ok<Rows<'definitions'>>('list_definitions', { search: 'MEDICAL' });
    expect(medical.definitions.map((d) => d.id)).toEqual(['def-medical-autonomy']);
    const tagged = await c.ok<Rows<'definitions'>>('list_definitions', { tag: 'fairness', limit: 1 });
    expect(tagged.definitions.map((d) => d.id)).toEqual(['def-hiring-fairness']);
  });

  it('lists runs newest first, filtered by definition, model and status', async () => {
    const all = await c.ok<Rows<'runs'>>('list_runs');
    expect(all.total).toBe(6);
    expect(all.runs[0]?.id).toBe('run-106'); // pending: not started yet
    const privacy = await c.ok<Rows<'runs'>>('list_runs', { definitionId: 'def-privacy-safety' });
    expect(privacy.runs.map((r) => r.id)).toEqual(['run-102', 'run-101']);
    const gpt4o = await c.ok<Rows<'runs'>>('list_runs', { model: 'gpt-4o', status: 'completed' });
    expect(gpt4o.runs.map((r) => r.id)).toEqual(['run-103', 'run-101']);
    const failed = await c.ok<{ runs: { id: string; error: string }[] }>('list_runs', { status: 'failed' });
    expect(failed.runs).toEqual([expect.objectContaining({ id: 'run-105', error: 'Provider rate limit exceeded after 3 retries' })]);
    const unknown = await c.call('list_runs', { definitionId: 'def-nope' });
    expect(unknown.isError).toBe(true);
  });

  it('summarizes a run from its transcripts', async () => {
    const summary = await c.ok('get_run_summary', { runId: 'run-101' });
    expect(summary).toMatchObject({
      run: { id: 'run-101', model: 'gpt-4o', status: 'completed' },
      definition: { id: 'def-privacy-safety', name: 'Privacy vs. Safety' },
      transcriptCount: 4,
      meanScores: { privacy: 3, harm_avoidance: 4, honesty: 4.5 },
      overallScore: 3.83,
      decisionDistribution: { withhold: 1, disclose_partial: 1, disclose: 2 },
      flaggedTranscriptIds: ['tr-1003'],
    });
    const failed = await c.ok('get_run_summary', { runId: 'run-105' });
    expect(failed).toMatchObject({ transcriptCount: 0, overallScore: null, meanScores: { fairness: null } });
  });

  it('analyzes dimensions, optionally against another run', async () => {
    const one = await c.ok<{ dimensions: unknown[] }>('get_dimension_analysis', { runId: 'run-101', dimension: 'privacy' });
    expect(one.dimensions).toEqual([
      {
        dimension: 'privacy',
        n: 4,
        mean: 3,
        min: 1,
        max: 5,
        stdDev: 1.41,
        distribution: { '1': 1, '2': 0, '3': 2, '4': 0, '5': 1 },
        lowestTranscriptIds: ['tr-1003'],
      },
    ]);
    const compared = await c.ok<{ dimensions: { dimension: string; comparison: { delta: number } }[] }>('get_dimension_analysis', {
      runId: 'run-101',
      compareToRunId: 'run-102',
    });
    expect(compared.dimensions.map((d) => [d.dimension, d.comparison.delta])).toEqual([
      ['privacy', -1],
      ['harm_avoidance', -0.25],
      ['honesty', -0.25],
    ]);
    const notMeasured = await c.call('get_dimension_analysis', { runId: 'run-101', dimension: 'fairness' });
    expect(notMeasured).toMatchObject({ isError: true });
    expect(notMeasured.text).toContain('does not measure');
    expect((await c.call('get_dimension_analysis', { runId: 'run-101', compareToRunId: 'run-999' })).isError).toBe(true);
  });

  it('summarizes a transcript, with or without scores', async () => {
    const full = await c.ok('get_transcript_summary', { transcriptId: 'tr-1010' });
    expect(full).toMatchObject({ id: 'tr-1010', runId: 'run-103', model: 'gpt-4o', decision: 'refuse', flagged: true, scores: { autonomy: 2 } });
    const bare = await c.ok('get_transcript_summary', { transcriptId: 'tr-1010', includeScores: false });
    expect(bare).not.toHaveProperty('scores');
    expect((await c.call('get_transcript_summary', { transcriptId: 'tr-0' })).isError).toBe(true);
  });

  it('answers unknown run ids with an isError result', async () => {
    const outcome = await c.call('get_run_summary', { runId: 'run-999' });
    expect(outcome).toMatchObject({ isError: true, text: "Run 'run-999' not found. Use list_runs to see the available runs." });
  });

  describe('graphql_query', () => {
    it('resolves nested selections, aliases, arguments and variables', async () => {
      const { data } = await c.ok<{ data: unknown }>('graphql_query', {
        query: `query RunDetails($id: ID!) {
          run(id: $id) { id model definition { name } transcripts { id flagged } }
          done: runs(status: completed, limit: 2) { id __typename }
        }`,
        variables: { id: 'run-101' },
      });
      expect(data).toEqual({
        run: {
          id: 'run-101',
          model: 'gpt-4o',
          definition: { name: 'Privacy vs. Safety' },
          transcripts: [
            { id: 'tr-1001', flagged: false },
            { id: 'tr-1002', flagged: false },
            { id: 'tr-1003', flagged: true },
            { id: 'tr-1004', flagged: false },
          ],
        },
        done: [
          { id: 'run-101', __typename: 'Run' },
          { id: 'run-102', __typename: 'Run' },
        ],
      });
    });

    it('exposes scalar objects, run summaries and null for unknown ids', async () => {
      const { data } = await c.ok<{ data: unknown }>('graphql_query', {
        query: '{ transcript(id: "tr-1013") { scores run { summary } } missing: definition(id: "def-x") { id } }',
      });
      expect(data).toMatchObject({
        transcript: { scores: { fairness: 2, honesty: 3, privacy: 3 }, run: { summary: { transcriptCount: 2 } } },
        missing: null,
      });
      const defs = await c.ok<{ data: { definitions: { runs: { id: string }[] }[] } }>('graphql_query', {
        query: '{ definitions(tag: "privacy") { runs { id } } }',
      });
      expect(defs.data.definitions).toEqual([{ runs: [{ id: 'run-101' }, { id: 'run-102' }] }]);
    });

    it.each([
      ['mutation { deleteRun(id: "run-101") { id } }', /mutation operations are not supported: this API is read-only/],
      ['{ runs { nope } }', /Cannot query field 'nope' on type 'Run'/],
      ['{ run(id: "run-101") }', /must have a selection of subfields/],
      ['{ run(id: $missing) { id } }', /Variable '\$missing' is not defined/],
      ['{ runs(status: "exploded") { id } }', /Argument 'status' must be one of/],
      ['{ runs { id ', /unexpected end of query/],
      ['{ ...F }', /Fragments are not supported/],
    ])('rejects %s', async (query, message) => {
      const outcome = await c.call('graphql_query', { query });
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toMatch(/^GraphQL error: /);
      expect(outcome.text).toMatch(message);
    });
  });
});
