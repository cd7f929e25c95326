import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { DIMENSIONS, RUN_STATUSES } from '../data/valuerank-fixtures';
import { executeGraphQL, GRAPHQL_SCHEMA_SUMMARY, GraphQLQueryError } from '../data/valuerank-graphql';
import {
  analyzeDimension,
  findDefinitions,
  findRuns,
  getDefinition,
  getRun,
  getTranscript,
  runCountOf,
  summarizeRun,
  transcriptsOf,
} from '../data/valuerank-queries';
import { errorResult, jsonResult } from '../result';
import type { DemoServerDefinition } from '../types';

const READ_ONLY = { readOnlyHint: true, idempotentHint: true } as const;
const runIdParam = z.string().min(1).describe('Run id, e.g. "run-101" (see list_runs)');

const unknownRun = (id: string) => errorResult(`Run '${id}' not found. Use list_runs to see the available runs.`);

function registerListDefinitions(server: McpServer) {
  server.registerTool(
    'list_definitions',
    {
      title: 'List definitions',
      description:
        'List ValueRank scenario definitions: the sets of moral-dilemma scenarios that models are evaluated on, ' +
        'with the value dimensions each one measures and how many runs it has.',
      inputSchema: {
        search: z.string().min(1).optional().describe('Case-insensitive text to find in the name or description'),
        tag: z.string().min(1).optional().describe('Only definitions with this tag, e.g. "privacy"'),
        limit: z.number().int().min(1).max(100).default(20).describe('Maximum number of definitions'),
      },
      annotations: READ_ONLY,
    },
    ({ search, tag, limit }) => {
      const found = findDefinitions({ ...(search ? { search } : {}), ...(tag ? { tag } : {}) });
      return jsonResult({
        total: found.length,
        definitions: found.slice(0, limit).map((d) => ({ ...d, runCount: runCountOf(d.id) })),
      });
    },
  );
}

function registerListRuns(server: McpServer) {
  server.registerTool(
    'list_runs',
    {
      title: 'List runs',
      description:
        'List evaluation runs (one model evaluated over one definition), newest first, with status and ' +
        'progress. Filter by definition, model or status.',
      inputSchema: {
        definitionId: z.string().min(1).optional().describe('Only runs of this definition, e.g. "def-privacy-safety"'),
        model: z.string().min(1).optional().describe('Only runs whose model name contains this text, e.g. "gpt-4o"'),
        status: z.enum(RUN_STATUSES).optional().describe('Only runs in this status'),
        limit: z.number().int().min(1).max(100).default(20).describe('Maximum number of runs'),
      },
      annotations: READ_ONLY,
    },
    ({ definitionId, model, status, limit }) => {
      if (definitionId && !getDefinition(definitionId)) {
        return errorResult(`Definition '${definitionId}' not found. Use list_definitions to see the available definitions.`);
      }
      const runs = findRuns({ ...(definitionId ? { definitionId } : {}), ...(model ? { model } : {}), ...(status ? { status } : {}) })
        .slice()
        .sort((a, b) => (b.startedAt ?? '9999').localeCompare(a.startedAt ?? '9999'));
      return jsonResult({ total: runs.length, runs: runs.slice(0, limit) });
    },
  );
}

function registerRunSummary(server: McpServer) {
  server.registerTool(
    'get_run_summary',
    {
      title: 'Get run summary',
      description:
        'Get the summary of one evaluation run: status, the definition it ran, transcript count, mean score per ' +
        'value dimension, overall score, decision distribution and flagged transcripts.',
      inputSchema: { runId: runIdParam },
      annotations: READ_ONLY,
    },
    ({ runId }) => {
      const run = getRun(runId);
      return run ? jsonResult(summarizeRun(run)) : unknownRun(runId);
    },
  );
}

function registerDimensionAnalysis(server: McpServer) {
  server.registerTool(
    'get_dimension_analysis',
    {
      title: 'Get dimension analysis',
      description:
        'Analyze the scores of a run per value dimension (honesty, harm_avoidance, autonomy, fairness, privacy): ' +
        'mean, spread, 1-5 distribution and lowest-scoring transcripts, optionally compared with another run.',
      inputSchema: {
        runId: runIdParam,
        dimension: z.enum(DIMENSIONS).optional().describe('Analyze only this dimension. Default: every dimension of the definition'),
        compareToRunId: z.string().min(1).optional().describe('A second run to compare means with, e.g. "run-102"'),
      },
      annotations: READ_ONLY,
    },
    ({ runId, dimension, compareToRunId }) => {
      const run = getRun(runId);
      if (!run) return unknownRun(runId);
      const other = compareToRunId === undefined ? undefined : getRun(compareToRunId);
      if (compareToRunId !== undefined && !other) return unknownRun(compareToRunId);
      const measured = getDefinition(run.definitionId)?.dimensions ?? [];
      if (dimension && !measured.includes(dimension)) {
        return errorResult(`Run '${runId}' does not measure '${dimension}'. Its dimensions: ${measured.join(', ')}.`);
      }
      const analyses = (dimension ? [dimension] : measured).map((d) => {
        const stats = analyzeDimension(transcriptsOf(run.id), d);
        if (!other) return stats;
        const otherMean = analyzeDimension(transcriptsOf(other.id), d).mean;
        const delta = stats.mean !== null && otherMean !== null ? Math.round((stats.mean - otherMean) * 100) / 100 : null;
        return { ...stats, comparison: { runId: other.id, mean: otherMean, delta } };
      });
      return jsonResult({ runId, model: run.model, definitionId: run.definitionId, dimensions: analyses });
    },
  );
}

function registerTranscriptSummary(server: McpServer) {
  server.registerTool(
    'get_transcript_summary',
    {
      title: 'Get transcript summary',
      description:
        "Get the summary of a single transcript: the scenario, the model's decision, its dimension scores and " +
        'whether a reviewer flagged it.',
      inputSchema: {
        transcriptId: z.string().min(1).describe('Transcript id, e.g. "tr-1003" (see get_dimension_analysis or graphql_query)'),
        includeScores: z.boolean().default(true).describe('Include the per-dimension scores'),
      },
      annotations: READ_ONLY,
    },
    ({ transcriptId, includeScores }) => {
      const transcript = getTranscript(transcriptId);
      if (!transcript) return errorResult(`Transcript '${transcriptId}' not found.`);
      const { scores, ...rest } = transcript;
      const run = getRun(transcript.runId);
      return jsonResult({ ...rest, model: run?.model ?? null, ...(includeScores ? { scores } : {}) });
    },
  );
}

function registerGraphQL(server: McpServer) {
  server.registerTool(
    'graphql_query',
    {
      title: 'GraphQL query',
      description:
        'Run a read-only GraphQL query against the ValueRank API for questions the other tools do not cover ' +
        `(nested data, several entities at once). ${GRAPHQL_SCHEMA_SUMMARY} Supports aliases, arguments and ` +
        '$variables; no fragments, directives or mutations.',
      inputSchema: {
        query: z.string().min(1).max(10_000).describe('GraphQL query text, e.g. { runs(status: "completed") { id model } }'),
        variables: z.record(z.string(), z.unknown()).optional().describe('Values for $variables used in the query'),
      },
      annotations: READ_ONLY,
    },
    ({ query, variables }) => {
      try {
        return jsonResult({ data: executeGraphQL(query, variables ?? {}) });
      } catch (err) {
        if (err instanceof GraphQLQueryError) return errorResult(`GraphQL error: ${err.message}`);
        throw err;
      }
    },
  );
}

export const valuerankServer: DemoServerDefinition = {
  id: 'valuerank',
  title: 'ValueRank',
  description:
    'Read-only access to ValueRank, a platform that evaluates how AI models trade off values such as honesty, ' +
    'privacy and fairness in moral-dilemma scenarios: definitions, runs, dimension scores and transcripts.',
  register(server) {
    registerListDefinitions(server);
    registerListRuns(server);
    registerRunSummary(server);
    registerDimensionAnalysis(server);
    registerTranscriptSummary(server);
    registerGraphQL(server);
  },
};
