import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  blob,
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  sqliteView,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
// The one import from lib: the provider table is plain data, and the CHECK below must follow it.
import { PROVIDER_CATALOG, PROVIDER_IDS, providerCheckList } from '../lib/providers/catalog';
import type { ToolOverride } from '../lib/eval/run/tool-overrides';
import type { CallOrder, CaseMode, ContextTurn, ExecutePolicy, ExpectedCall, MockResult, Trajectory } from '../lib/eval/sequence/types';

/** How a test case's argument values are compared (lib/eval/judge/arguments/profiles has one file per id). */
export const ARGUMENT_MATCHING_IDS = ['strict', 'bfcl'] as const;
export type ArgumentMatchingId = (typeof ARGUMENT_MATCHING_IDS)[number];

/** ISO-8601 UTC with milliseconds: sortable as text and parseable by Date. */
const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const id = () => text('id').primaryKey();
const createdAt = () => text('created_at').notNull().default(nowIso);
const updatedAt = () => text('updated_at').notNull().default(nowIso);

export const mcpServers = sqliteTable(
  'mcp_servers',
  {
    id: id(),
    name: text('name').notNull(),
    /** `static`: the tools are held in the harness (static_tools), there is nothing to connect to. */
    transport: text('transport', { enum: ['streamable-http', 'sse', 'stdio', 'static'] }).notNull(),
    url: text('url'),
    command: text('command'),
    /** JSON array of strings. */
    args: text('args', { mode: 'json' }).$type<string[]>(),
    /** AES-256-GCM envelope of a JSON object: stdio env values are treated as secrets. */
    envSecret: text('env_secret'),
    /** JSON object of non-secret extra HTTP headers. */
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>(),
    authType: text('auth_type', { enum: ['none', 'bearer', 'header', 'basic'] })
      .notNull()
      .default('none'),
    /** AES-256-GCM envelope of the auth secret (JSON); never returned by the API. */
    authSecret: text('auth_secret'),
    status: text('status', { enum: ['inactive', 'active', 'failed'] }).notNull().default('inactive'),
    statusDetail: text('status_detail'),
    lastConnectedAt: text('last_connected_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('uq_mcp_servers_name').on(t.name),
    uniqueIndex('uq_mcp_servers_url').on(t.url),
    index('idx_mcp_servers_status').on(t.status),
    check('ck_mcp_servers_name', sql`length(trim(${t.name})) between 1 and 100`),
    check('ck_mcp_servers_transport', sql`${t.transport} in ('streamable-http', 'sse', 'stdio', 'static')`),
    check(
      'ck_mcp_servers_endpoint',
      sql`(${t.transport} = 'stdio' and ${t.command} is not null and ${t.url} is null)
        or (${t.transport} = 'static' and ${t.command} is null and ${t.url} is null and ${t.authType} = 'none')
        or (${t.transport} in ('streamable-http', 'sse') and ${t.url} is not null and ${t.command} is null)`,
    ),
    check('ck_mcp_servers_auth_type', sql`${t.authType} in ('none', 'bearer', 'header', 'basic')`),
    check(
      'ck_mcp_servers_auth_secret',
      sql`(${t.authType} = 'none') = (${t.authSecret} is null)`,
    ),
    check('ck_mcp_servers_status', sql`${t.status} in ('inactive', 'active', 'failed')`),
  ],
);

export const testCases = sqliteTable(
  'test_cases',
  {
    id: id(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    expectedMcpServerName: text('expected_mcp_server_name'),
    expectedToolName: text('expected_tool_name'),
    /** JSON object of expected argument values or matchers; NULL = not checked. */
    expectedParameters: text('expected_parameters', { mode: 'json' }).$type<Record<string, unknown>>(),
    /**
     * How argument values are compared: 'strict' (the harness's own rules) or 'bfcl' (BFCL's
     * string standardisation and type checks without enum/format). The CHECK is column-level,
     * added in migration 0008 (ADD COLUMN), so the table and its triggers were not rebuilt.
     */
    argumentMatching: text('argument_matching', { enum: ARGUMENT_MATCHING_IDS }).notNull().default('strict'),
    /*
     * Issue 17 (sequences of calls). Added by migration 0010 with column-level CHECKs (ADD
     * COLUMN: call_order and mode in their words, max_steps 1..20, the JSON columns' types),
     * so the table and its triggers were not rebuilt. A case whose expected_calls is
     * NULL means expected_mcp_server_name/expected_tool_name as one call (or none).
     */
    /** JSON array of earlier turns sent before the query (lib/eval/sequence/types ContextTurn). */
    context: text('context', { mode: 'json' }).$type<ContextTurn[]>(),
    /** JSON array of expected calls [{server, tool, arguments?}]; NULL = the single expected pair above. */
    expectedCalls: text('expected_calls', { mode: 'json' }).$type<ExpectedCall[]>(),
    callOrder: text('call_order', { enum: ['exact', 'any'] }).$type<CallOrder>().notNull().default('exact'),
    /** JSON array of {server, tool} the model must not call. */
    forbiddenTools: text('forbidden_tools', { mode: 'json' }).$type<{ server: string; tool: string }[]>(),
    mode: text('mode', { enum: ['selection', 'sequence'] }).$type<CaseMode>().notNull().default('selection'),
    maxSteps: integer('max_steps').notNull().default(5),
    /** JSON: "none" | "read-only" | {"allow": [{server, tool}]}. */
    execute: text('execute', { mode: 'json' }).$type<ExecutePolicy>().notNull().default(sql`'"none"'`),
    /** JSON array of scripted results for calls that do not run for real. */
    mockResults: text('mock_results', { mode: 'json' }).$type<MockResult[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('idx_test_cases_expected_server').on(t.expectedMcpServerName),
    index('idx_test_cases_expected_tool').on(t.expectedToolName),
    index('idx_test_cases_created_at').on(t.createdAt),
    check('ck_test_cases_name', sql`length(trim(${t.name})) between 1 and 200`),
    check('ck_test_cases_query', sql`length(${t.query}) between 1 and 8000`),
    check(
      'ck_test_cases_expected_pair',
      sql`(${t.expectedMcpServerName} is null and ${t.expectedToolName} is null and ${t.expectedParameters} is null)
        or (${t.expectedMcpServerName} is not null and ${t.expectedToolName} is not null)`,
    ),
    check(
      'ck_test_cases_expected_parameters',
      sql`${t.expectedParameters} is null or json_type(${t.expectedParameters}) = 'object'`,
    ),
  ],
);

/** The servers whose tools a test case shows to the model (many-to-many). */
export const testCaseServers = sqliteTable(
  'test_case_servers',
  {
    testCaseId: text('test_case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    serverId: text('server_id')
      .notNull()
      .references(() => mcpServers.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.testCaseId, t.serverId] }),
    index('idx_test_case_servers_server').on(t.serverId),
  ],
);

/**
 * Free-form labels on test cases ("smoke", "github", "regression-42") for filtering and
 * "run by tag". One row per (case, tag); the tag index serves the filter and the tag list.
 */
export const testCaseTags = sqliteTable(
  'test_case_tags',
  {
    testCaseId: text('test_case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.testCaseId, t.tag] }),
    index('idx_test_case_tags_tag').on(t.tag),
    check('ck_test_case_tags_tag', sql`length(${t.tag}) between 1 and 50`),
  ],
);

export const modelSettings = sqliteTable(
  'model_settings',
  {
    id: id(),
    provider: text('provider', { enum: PROVIDER_IDS }).notNull(),
    model: text('model').notNull(),
    timeout: integer('timeout').notNull().default(30),
    temperature: real('temperature').notNull().default(0.4),
    maxRetries: integer('max_retries').notNull().default(3),
    baseUrl: text('base_url'),
    systemPrompt: text('system_prompt'),
    createdAt: createdAt(),
  },
  (t) => [
    index('idx_model_settings_provider').on(t.provider),
    index('idx_model_settings_model').on(t.model),
    // From the provider table: adding a row changes this CHECK, and `npx drizzle-kit generate` writes its migration.
    check('ck_model_settings_provider', sql`${t.provider} in (${sql.raw(providerCheckList(PROVIDER_CATALOG))})`),
    check('ck_model_settings_timeout', sql`${t.timeout} between 1 and 300`),
    check('ck_model_settings_temperature', sql`${t.temperature} between 0 and 2`),
    check('ck_model_settings_max_retries', sql`${t.maxRetries} between 0 and 10`),
  ],
);

export const runBatches = sqliteTable(
  'run_batches',
  {
    id: id(),
    name: text('name').notNull(),
    status: text('status', {
      enum: ['pending', 'running', 'completed', 'failed', 'cancelled', 'interrupted'],
    })
      .notNull()
      .default('pending'),
    /** JSON array of the model configs of the matrix (no keys). */
    models: text('models', { mode: 'json' }).$type<unknown[]>().notNull(),
    samples: integer('samples').notNull().default(1),
    concurrency: integer('concurrency').notNull().default(4),
    totalRuns: integer('total_runs').notNull().default(0),
    errorMessage: text('error_message'),
    /**
     * An experiment variant's changes to the tools (lib/eval/run/tool-overrides.ts), applied to
     * every run's listing before its snapshot; NULL for a plain batch. Never holds a key.
     */
    toolOverrides: text('tool_overrides', { mode: 'json' }).$type<ToolOverride[]>(),
    createdAt: createdAt(),
    startedAt: text('started_at'),
    completedAt: text('completed_at'),
  },
  (t) => [
    index('idx_run_batches_status').on(t.status),
    index('idx_run_batches_created_at').on(t.createdAt),
    check(
      'ck_run_batches_status',
      sql`${t.status} in ('pending', 'running', 'completed', 'failed', 'cancelled', 'interrupted')`,
    ),
    check('ck_run_batches_samples', sql`${t.samples} between 1 and 20`),
    check('ck_run_batches_concurrency', sql`${t.concurrency} between 1 and 32`),
    check('ck_run_batches_total', sql`${t.totalRuns} >= 0`),
  ],
);

export const testRuns = sqliteTable(
  'test_runs',
  {
    id: id(),
    testCaseId: text('test_case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    batchId: text('batch_id').references(() => runBatches.id, { onDelete: 'cascade' }),
    modelSettingsId: text('model_settings_id').references(() => modelSettings.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: ['pending', 'running', 'completed', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    samples: integer('samples').notNull().default(1),
    llmResponseRaw: text('llm_response_raw', { mode: 'json' }),
    selectedServer: text('selected_server'),
    selectedTool: text('selected_tool'),
    extractedParameters: text('extracted_parameters', { mode: 'json' }).$type<Record<string, unknown>>(),
    confidenceScore: real('confidence_score'),
    confidenceCategory: text('confidence_category', {
      enum: ['robust', 'misleading', 'needs_clarity'],
    }),
    /**
     * Which method gave the confidence (issue 19): the model's self-assessment, the samples'
     * agreement, the local router's score margin, or token log-probabilities; NULL while a
     * deferred self-assessment is pending or when it failed (unrated). Column-level CHECK added
     * by migration 0013 (ADD COLUMN), so the table and its triggers were not rebuilt.
     */
    confidenceSource: text('confidence_source', { enum: ['self_assessment', 'logprobs', 'sample_agreement', 'local_margin'] }),
    classification: text('classification', { enum: ['TP', 'FP', 'TN', 'FN'] }),
    executionTimeMs: integer('execution_time_ms'),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    /** JSON array of typed failure reasons, e.g. "wrong_tool", "value_mismatch:city". */
    failureReasons: text('failure_reasons', { mode: 'json' }).$type<string[]>(),
    errorMessage: text('error_message'),
    /** Sequence runs (issue 17): the agent loop's steps and calls, each call's source (executed, mock, not_executed); NULL for selection runs. */
    trajectory: text('trajectory', { mode: 'json' }).$type<Trajectory>(),
    /** Model turns the sequence run took; NULL for selection runs. */
    steps: integer('steps'),
    createdAt: createdAt(),
    startedAt: text('started_at'),
    completedAt: text('completed_at'),
    /**
     * The tools the run showed the model: a content-addressed listing (tool_sets), shared by
     * every run that saw the same tools; NULL until the run had its tools listed. Read through
     * the tool_definitions view. A listing no run points at is deleted by trigger (migration 0011).
     */
    toolSetId: integer('tool_set_id').references((): AnySQLiteColumn => toolSets.id),
  },
  (t) => [
    index('idx_test_runs_tool_set').on(t.toolSetId),
    index('idx_test_runs_test_case').on(t.testCaseId),
    index('idx_test_runs_batch').on(t.batchId),
    index('idx_test_runs_model_settings').on(t.modelSettingsId),
    index('idx_test_runs_status').on(t.status),
    index('idx_test_runs_created_at').on(t.createdAt),
    index('idx_test_runs_classification').on(t.classification),
    // Covering index for the latency percentiles of the metrics summary, read in latency
    // order; created_at makes it cover a date filter too (no table read per run, no sort).
    index('idx_test_runs_latency').on(t.executionTimeMs, t.status, t.classification, t.createdAt),
    // Sequence runs only (steps is set by completeSequenceRun): the per-call metrics read them, with
    // their steps, tokens and latency, without scanning every run (db/queries/metrics-calls.ts).
    index('idx_test_runs_sequence')
      .on(t.id, t.steps, t.inputTokens, t.outputTokens, t.executionTimeMs)
      .where(sql`${t.steps} is not null`),
    // Covering index for the metrics rollups: read in GROUP BY (UTC day, model settings,
    // status, classification) order, so the unfiltered summary needs no sort.
    index('idx_test_runs_rollup').on(
      sql`substr(${t.createdAt}, 1, 10)`,
      t.modelSettingsId,
      t.status,
      t.classification,
      t.executionTimeMs,
      t.inputTokens,
      t.outputTokens,
    ),
    // The completed, judged runs of one (batch, test case, model settings): the compare rollup's triggers
    // read them to find a group's latest run again when its latest is taken away (migration 0018).
    index('idx_test_runs_compare')
      .on(t.batchId, t.testCaseId, t.modelSettingsId)
      .where(sql`${t.status} = 'completed' and ${t.classification} is not null`),
    // The flaky cases (db/queries/flaky.ts): every completed, judged run read in (case, model settings,
    // listing, batch) order with the columns the verdict and the sample disagreement need, from the
    // index alone (no table read per run, no sort for the grouping).
    index('idx_test_runs_flaky')
      .on(t.testCaseId, t.modelSettingsId, t.toolSetId, t.batchId, t.classification, t.createdAt, t.samples, t.confidenceScore, t.confidenceSource)
      .where(sql`${t.status} = 'completed' and ${t.classification} is not null`),
    // A flaky pair's latest runs (db/queries/flaky.ts selectFlakyHistory): each (case, model settings)'s completed,
    // judged runs newest first, so its latest few are one seek each instead of ranking every run of the case.
    index('idx_test_runs_flaky_history')
      .on(t.testCaseId, t.modelSettingsId, t.createdAt, t.id)
      .where(sql`${t.status} = 'completed' and ${t.classification} is not null`),
    check(
      'ck_test_runs_status',
      sql`${t.status} in ('pending', 'running', 'completed', 'failed', 'cancelled')`,
    ),
    check('ck_test_runs_samples', sql`${t.samples} between 1 and 20`),
    check(
      'ck_test_runs_classification',
      sql`${t.classification} is null or ${t.classification} in ('TP', 'FP', 'TN', 'FN')`,
    ),
    check(
      'ck_test_runs_confidence',
      sql`${t.confidenceScore} is null or ${t.confidenceScore} between 0 and 1`,
    ),
    check(
      'ck_test_runs_category',
      sql`${t.confidenceCategory} is null or ${t.confidenceCategory} in ('robust', 'misleading', 'needs_clarity')`,
    ),
    check('ck_test_runs_time', sql`${t.executionTimeMs} is null or ${t.executionTimeMs} >= 0`),
    check(
      'ck_test_runs_tokens',
      sql`coalesce(${t.inputTokens}, 0) >= 0 and coalesce(${t.outputTokens}, 0) >= 0`,
    ),
  ],
);

/**
 * A design experiment: the same cases x models x samples run once per variant of the tool
 * definitions; variant 0 is the unchanged baseline "original". Status and progress are the
 * aggregate of the variants' batches (no copy here to drift).
 */
export const experiments = sqliteTable(
  'experiments',
  {
    id: id(),
    name: text('name').notNull(),
    /** JSON array of the model configs (no keys), as given. */
    models: text('models', { mode: 'json' }).$type<unknown[]>().notNull(),
    samples: integer('samples').notNull().default(1),
    concurrency: integer('concurrency').notNull().default(4),
    /** JSON array of the test case ids every variant runs. */
    testCaseIds: text('test_case_ids', { mode: 'json' }).$type<string[]>().notNull(),
    /**
     * The affected servers' tool listings when the experiment was created (JSON object: server
     * name -> tools as tools/list returns them), the base of the variants' diffs and exports.
     */
    baselineTools: text('baseline_tools', { mode: 'json' }).$type<Record<string, unknown[]>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('idx_experiments_created_at').on(t.createdAt),
    check('ck_experiments_name', sql`length(trim(${t.name})) between 1 and 200`),
    check('ck_experiments_samples', sql`${t.samples} between 1 and 20`),
    check('ck_experiments_concurrency', sql`${t.concurrency} between 1 and 32`),
  ],
);

export const experimentVariants = sqliteTable(
  'experiment_variants',
  {
    id: id(),
    experimentId: text('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 0 is the baseline "original" (no changes). */
    ordinal: integer('ordinal').notNull(),
    /** JSON array of the variant's tool changes (the same list its batch carries as tool_overrides). */
    changes: text('changes', { mode: 'json' }).$type<ToolOverride[]>().notNull(),
    batchId: text('batch_id').references(() => runBatches.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uq_experiment_variants_name').on(t.experimentId, t.name),
    uniqueIndex('uq_experiment_variants_ordinal').on(t.experimentId, t.ordinal),
    index('idx_experiment_variants_batch').on(t.batchId),
    check('ck_experiment_variants_name', sql`length(trim(${t.name})) between 1 and 60`),
    check('ck_experiment_variants_ordinal', sql`${t.ordinal} >= 0`),
  ],
);

/**
 * One tool definition, stored once per distinct content: `hash` is tool_snapshot_hash over
 * server, name, description and the schemas in canonical JSON (db/tool-hash.ts). Runs reach
 * it through their listing (tool_sets); compare two runs' tools by hash.
 */
export const toolSnapshots = sqliteTable(
  'tool_snapshots',
  {
    id: integer('id').primaryKey(),
    hash: text('hash').notNull(),
    serverName: text('server_name').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    inputSchema: text('input_schema', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    outputSchema: text('output_schema', { mode: 'json' }).$type<Record<string, unknown>>(),
    /** When the definition was first seen. */
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uq_tool_snapshots_hash').on(t.hash), index('idx_tool_snapshots_tool').on(t.serverName, t.name)],
);

/** An ordered tool listing as one or more runs showed it: `hash` is tool_set_hash over its members in order. */
export const toolSets = sqliteTable(
  'tool_sets',
  {
    id: integer('id').primaryKey(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uq_tool_sets_hash').on(t.hash)],
);

/** The tools of a listing: the definition, the name the provider saw and the server's URL, at their position. */
export const toolSetMembers = sqliteTable(
  'tool_set_members',
  {
    toolSetId: integer('tool_set_id')
      .notNull()
      .references(() => toolSets.id, { onDelete: 'cascade' }),
    /** 0-based, the order the model saw the tools in. */
    position: integer('position').notNull(),
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => toolSnapshots.id),
    /** The (prefixed, sanitized) function name the provider saw. */
    exposedName: text('exposed_name').notNull(),
    serverUrl: text('server_url'),
  },
  (t) => [
    primaryKey({ columns: [t.toolSetId, t.position] }),
    uniqueIndex('uq_tool_set_members_exposed').on(t.toolSetId, t.exposedName),
    index('idx_tool_set_members_snapshot').on(t.snapshotId),
  ],
);

/**
 * Point-in-time snapshot: exactly the tools the model was shown in one run, one row per run
 * and tool. A view (migration 0012) over test_runs.tool_set_id -> tool_set_members ->
 * tool_snapshots, so readers and the /mcp query_sql tool see the shape they always did;
 * INSERT and DELETE on it work too (triggers store a new listing for the run). `id` is
 * "<run id>:<position>"; `created_at` is when the run finished (else when it was created).
 * A migration that rebuilds test_runs, tool_set_members or tool_snapshots (new table, copy,
 * drop, rename) must DROP VIEW tool_definitions before and re-create it with its two INSTEAD OF
 * triggers after (migration 0012), since SQLite refuses the rename while a view names the
 * dropped table ("error in view tool_definitions"); a rebuild of test_runs also re-creates the
 * trg_test_runs_tool_set_* triggers (0011), or unused listings are no longer deleted.
 */
export const toolDefinitions = sqliteView('tool_definitions', {
  id: text('id').notNull(),
  testRunId: text('test_run_id').notNull(),
  serverName: text('server_name').notNull(),
  serverUrl: text('server_url'),
  name: text('name').notNull(),
  /** The (prefixed, sanitized) function name the provider saw. */
  exposedName: text('exposed_name').notNull(),
  description: text('description').notNull(),
  inputSchema: text('input_schema', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  outputSchema: text('output_schema', { mode: 'json' }).$type<Record<string, unknown>>(),
  createdAt: text('created_at').notNull(),
  /** 0-based, the order the model saw the tools in. */
  position: integer('position').notNull(),
  /** tool_snapshots.hash: equal hashes, equal definitions. */
  snapshotHash: text('snapshot_hash').notNull(),
}).existing();

export const evaluationResults = sqliteTable(
  'evaluation_results',
  {
    id: id(),
    testRunId: text('test_run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    classification: text('classification', { enum: ['TP', 'FP', 'TN', 'FN'] }).notNull(),
    expectedServer: text('expected_server'),
    expectedTool: text('expected_tool'),
    selectedServer: text('selected_server'),
    selectedTool: text('selected_tool'),
    toolCorrect: integer('tool_correct', { mode: 'boolean' }).notNull(),
    /** NULL where not evaluated (tool selection wrong), so averages skip them. */
    parameterCompleteness: real('parameter_completeness'),
    parameterCorrectness: real('parameter_correctness'),
    typeConformance: real('type_conformance'),
    hallucinatedParameters: text('hallucinated_parameters', { mode: 'json' }).$type<string[]>(),
    missingRequired: text('missing_required', { mode: 'json' }).$type<string[]>(),
    typeErrors: text('type_errors', { mode: 'json' }).$type<unknown[]>(),
    failureReasons: text('failure_reasons', { mode: 'json' }).$type<string[]>().notNull(),
    confidenceScore: real('confidence_score'),
    confidenceCategory: text('confidence_category', {
      enum: ['robust', 'misleading', 'needs_clarity'],
    }),
    passK: integer('pass_k', { mode: 'boolean' }),
    reasoning: text('reasoning'),
    recommendations: text('recommendations', { mode: 'json' }).$type<unknown[]>(),
    /** The argument matching profile the verdict was judged with, kept for audit ('strict' for older rows). */
    argumentMatching: text('argument_matching', { enum: ARGUMENT_MATCHING_IDS }).notNull().default('strict'),
    createdAt: createdAt(),
    /**
     * Copies of the run's model_settings_id and batch_id, so metrics filtered by model or
     * batch read evaluation rows without a join to test_runs. Written by triggers (see
     * migrations 0003 and 0004), never by the application: an insert fills them from the
     * run, a change to the run's columns (e.g. ON DELETE SET NULL) is copied over, and an
     * evaluation moved to another run takes that run's.
     */
    modelSettingsId: text('model_settings_id'),
    batchId: text('batch_id'),
    /**
     * Copy of the run's created_at (not this row's: the evaluation is written when the run
     * completes), so date filters read evaluation rows without a join to test_runs. Kept in
     * step by the same triggers (migration 0004).
     */
    runCreatedAt: text('run_created_at'),
  },
  (t) => [
    uniqueIndex('uq_evaluation_results_run').on(t.testRunId),
    index('idx_evaluation_results_model_settings').on(t.modelSettingsId),
    index('idx_evaluation_results_batch').on(t.batchId),
    index('idx_evaluation_results_classification').on(t.classification),
    index('idx_evaluation_results_expected_tool').on(t.expectedTool),
    // With the expected_tool index, a tool name filter (expected or selected) is two index searches.
    index('idx_evaluation_results_selected_tool').on(t.selectedTool),
    // Date filters on the evaluation totals and on a tool/server filter's resolution.
    index('idx_evaluation_results_run_created_at').on(t.runCreatedAt),
    // Covering index for the confusion matrix (expected vs selected tool), read in GROUP BY
    // order; the run's created_at makes it cover a date filter too, so no range needs a sort.
    index('idx_evaluation_results_tool_pair').on(t.expectedServer, t.expectedTool, t.selectedServer, t.selectedTool, t.runCreatedAt),
    // The runs whose pass^k failed (a few percent), for the flaky cases' sample disagreement.
    index('idx_evaluation_results_pass_k_failed')
      .on(t.testRunId)
      .where(sql`${t.passK} = 0`),
    check('ck_evaluation_results_classification', sql`${t.classification} in ('TP', 'FP', 'TN', 'FN')`),
    check(
      'ck_evaluation_results_scores',
      sql`coalesce(${t.parameterCompleteness}, 0) between 0 and 1
        and coalesce(${t.parameterCorrectness}, 0) between 0 and 1
        and coalesce(${t.typeConformance}, 0) between 0 and 1
        and coalesce(${t.confidenceScore}, 0) between 0 and 1`,
    ),
    check(
      'ck_evaluation_results_category',
      sql`${t.confidenceCategory} is null or ${t.confidenceCategory} in ('robust', 'misleading', 'needs_clarity')`,
    ),
  ],
);

/**
 * The sequence judge's per-call verdicts (issue 17): one row per expected call (TP or FN) and
 * per unexpected call (FP) of a sequence run, so per-call precision/recall is one GROUP BY.
 * Goes with its run.
 */
export const callResults = sqliteTable(
  'call_results',
  {
    id: id(),
    testRunId: text('test_run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    /** Index in the case's expectedCalls; NULL for an unexpected call. */
    expectedIndex: integer('expected_index'),
    /** Index in the trajectory's calls; NULL for a missing call. */
    callIndex: integer('call_index'),
    outcome: text('outcome', { enum: ['TP', 'FN', 'FP'] }).notNull(),
    /** The expected call's server/tool for TP and FN, the call made for FP. */
    server: text('server').notNull(),
    tool: text('tool').notNull(),
    argumentCorrectness: real('argument_correctness'),
    failureReasons: text('failure_reasons', { mode: 'json' }).$type<string[]>().notNull(),
  },
  (t) => [
    // Covering index for the per-call metrics: counts by outcome per run without a table read.
    index('idx_call_results_run_outcome').on(t.testRunId, t.outcome, t.argumentCorrectness),
    check('ck_call_results_outcome', sql`${t.outcome} in ('TP', 'FN', 'FP')`),
    check(
      'ck_call_results_indexes',
      sql`(${t.outcome} = 'TP' and ${t.expectedIndex} is not null and ${t.callIndex} is not null)
        or (${t.outcome} = 'FN' and ${t.expectedIndex} is not null and ${t.callIndex} is null)
        or (${t.outcome} = 'FP' and ${t.expectedIndex} is null and ${t.callIndex} is not null)`,
    ),
    check('ck_call_results_correctness', sql`${t.argumentCorrectness} is null or ${t.argumentCorrectness} between 0 and 1`),
  ],
);

/** MCP ToolAnnotations as stored for a static tool (every hint optional). */
export type StaticToolAnnotations = {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

/**
 * The tools of a `static` server, in listing order. One row per tool (not a JSON column on
 * the server) so the database keeps names unique per server and a tool can be read alone.
 */
export const staticTools = sqliteTable(
  'static_tools',
  {
    serverId: text('server_id')
      .notNull()
      .references(() => mcpServers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ordinal: integer('ordinal').notNull(),
    description: text('description').notNull().default(''),
    inputSchema: text('input_schema', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    outputSchema: text('output_schema', { mode: 'json' }).$type<Record<string, unknown>>(),
    annotations: text('annotations', { mode: 'json' }).$type<StaticToolAnnotations>(),
  },
  (t) => [
    primaryKey({ columns: [t.serverId, t.name] }),
    uniqueIndex('uq_static_tools_ordinal').on(t.serverId, t.ordinal),
    check('ck_static_tools_name', sql`length(${t.name}) between 1 and 128`),
    check('ck_static_tools_input_schema', sql`json_type(${t.inputSchema}) = 'object'`),
    check('ck_static_tools_output_schema', sql`${t.outputSchema} is null or json_type(${t.outputSchema}) = 'object'`),
    check('ck_static_tools_annotations', sql`${t.annotations} is null or json_type(${t.annotations}) = 'object'`),
  ],
);

/** Tool playground history: real calls a person made against a registered server. */
export const toolExecutions = sqliteTable(
  'tool_executions',
  {
    id: id(),
    serverId: text('server_id')
      .notNull()
      .references(() => mcpServers.id, { onDelete: 'cascade' }),
    toolName: text('tool_name').notNull(),
    arguments: text('arguments', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['success', 'tool_error', 'failed'] }).notNull(),
    result: text('result', { mode: 'json' }),
    errorMessage: text('error_message'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('idx_tool_executions_server_created').on(t.serverId, t.createdAt),
    check('ck_tool_executions_status', sql`${t.status} in ('success', 'tool_error', 'failed')`),
    check('ck_tool_executions_duration', sql`${t.durationMs} >= 0`),
  ],
);

/**
 * Credentials minted in Settings, only a hash and a display prefix kept: `mcp` keys for the
 * app's own /mcp endpoint (X-API-Key), `api` tokens for the REST API when authentication is
 * on (Authorization: Bearer). One kind never opens the other's door.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: id(),
    kind: text('kind', { enum: ['mcp', 'api'] }).notNull().default('mcp'),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: text('last_used_at'),
    revokedAt: text('revoked_at'),
  },
  (t) => [
    uniqueIndex('uq_api_keys_hash').on(t.keyHash),
    check('ck_api_keys_name', sql`length(trim(${t.name})) between 1 and 100`),
    check('ck_api_keys_hash', sql`length(${t.keyHash}) = 64`),
    check('ck_api_keys_kind', sql`${t.kind} in ('mcp', 'api')`),
  ],
);

export const embeddingCache = sqliteTable(
  'embedding_cache',
  {
    model: text('model').notNull(),
    textHash: text('text_hash').notNull(),
    dimensions: integer('dimensions').notNull(),
    vector: blob('vector', { mode: 'buffer' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.textHash] }),
    check('ck_embedding_cache_dims', sql`${t.dimensions} > 0 and length(${t.vector}) = ${t.dimensions} * 4`),
  ],
);

/**
 * Metrics rollup (issue 19): the runs counted per (batch, model settings, UTC day of the run's
 * created_at, status, classification, expected and selected tool), so the metrics summary and
 * batch counts read O(groups), not O(runs). Kept in step by SQL triggers on test_runs,
 * evaluation_results and test_cases (migration 0015) in the writer's own transaction, whoever
 * writes: inserts, status changes, reclassification, a deferred self-assessment, deletes and
 * cascades, ON DELETE SET NULL. Never written by the application.
 *
 * NULL keys are stored as '' (a unique index treats NULLs as distinct, so an upsert could not
 * find them). The tool pair is the evaluation's when the run has one, else the test case's
 * expectation and the run's own selection for a run that did not complete, else empty: the
 * same runs a server/tool filter matched before. A score x (0..1) is summed as two integers,
 * hi = trunc(x * 2^26) and lo = round((x * 2^26 - hi) * 2^26), i.e. x * 2^52 exactly, so adding
 * and taking away runs leaves no floating-point residue and a mean is within an ulp of avg().
 * Groups may fall to zero runs and stay (readers skip them).
 */
export const metricsRollup = sqliteTable(
  'metrics_rollup',
  {
    batchId: text('batch_id').notNull(),
    modelSettingsId: text('model_settings_id').notNull(),
    /**
     * The UTC day (YYYY-MM-DD) of a created_at in the app's own shape (toISOString, 24
     * characters); any other text is kept whole with createdOdd = 1, so a date bound on it is the
     * plain text comparison the per-run queries make.
     */
    day: text('day').notNull(),
    createdOdd: integer('created_odd').notNull(),
    status: text('status').notNull(),
    classification: text('classification').notNull(),
    expectedServer: text('expected_server').notNull(),
    expectedTool: text('expected_tool').notNull(),
    selectedServer: text('selected_server').notNull(),
    selectedTool: text('selected_tool').notNull(),
    runs: integer('runs').notNull().default(0),
    latencyN: integer('latency_n').notNull().default(0),
    latencySum: integer('latency_sum').notNull().default(0),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    evals: integer('evals').notNull().default(0),
    eTp: integer('e_tp').notNull().default(0),
    eFp: integer('e_fp').notNull().default(0),
    eTn: integer('e_tn').notNull().default(0),
    eFn: integer('e_fn').notNull().default(0),
    completenessHi: integer('completeness_hi').notNull().default(0),
    completenessLo: integer('completeness_lo').notNull().default(0),
    completenessN: integer('completeness_n').notNull().default(0),
    correctnessHi: integer('correctness_hi').notNull().default(0),
    correctnessLo: integer('correctness_lo').notNull().default(0),
    correctnessN: integer('correctness_n').notNull().default(0),
    conformanceHi: integer('conformance_hi').notNull().default(0),
    conformanceLo: integer('conformance_lo').notNull().default(0),
    conformanceN: integer('conformance_n').notNull().default(0),
    measured: integer('measured').notNull().default(0),
    robust: integer('robust').notNull().default(0),
    misleading: integer('misleading').notNull().default(0),
    needsClarity: integer('needs_clarity').notNull().default(0),
    unrated: integer('unrated').notNull().default(0),
    confidenceHi: integer('confidence_hi').notNull().default(0),
    confidenceLo: integer('confidence_lo').notNull().default(0),
    confidenceN: integer('confidence_n').notNull().default(0),
    passKN: integer('pass_k_n').notNull().default(0),
    passKSum: integer('pass_k_sum').notNull().default(0),
  },
  (t) => [
    // Batch first: batch counts and a batch filter seek it; every other filter reads the (small) table.
    uniqueIndex('uq_metrics_rollup_key').on(
      t.batchId, t.modelSettingsId, t.day, t.createdOdd, t.status, t.classification, t.expectedServer, t.expectedTool, t.selectedServer, t.selectedTool,
    ),
    // Batch counts read (batch, status, runs) from this alone, in GROUP BY order: the key above made them visit
    // every group's row and sort (at 1M runs ~10k groups a batch, 47 ms for 5 batches against 8-10).
    index('idx_metrics_rollup_batch_status').on(t.batchId, t.status, t.runs),
  ],
);

/**
 * Latency histogram of the evaluated runs (issue 19): how many completed, classified runs with
 * an execution time fall in each bucket, per (batch, model settings, UTC day as in
 * metrics_rollup). A percentile finds its bucket here and then reads only that bucket's runs
 * from idx_test_runs_latency, so p50/p95 stay exact nearest-rank values without reading every
 * run below them. Buckets: 1 ms below 128 ms, then 64 per power of two (under 1.6% wide). Kept by
 * triggers on test_runs alone (migration 0016); never written by the application.
 */
export const metricsLatencyHistogram = sqliteTable(
  'metrics_latency_histogram',
  {
    batchId: text('batch_id').notNull(),
    modelSettingsId: text('model_settings_id').notNull(),
    day: text('day').notNull(),
    createdOdd: integer('created_odd').notNull(),
    bucket: integer('bucket').notNull(),
    runs: integer('runs').notNull().default(0),
  },
  (t) => [uniqueIndex('uq_metrics_latency_histogram_key').on(t.batchId, t.modelSettingsId, t.day, t.createdOdd, t.bucket)],
);

/**
 * Flaky cases rollup (issue 19): per (test case, model settings, listing, batch), the completed, judged runs
 * with model settings, for the flaky pairs (db/queries/flaky.ts): how many, how many right (TP/TN), how many
 * whose samples disagreed by confidence source (s_agree: 'sample_agreement', s_null: no source; the reader
 * counts the latter for a provider other than 'local'), the right runs whose pass^k failed (e_all) and those
 * of them whose samples disagreed (e_agree, e_null), and the latest run's created_at. Kept by triggers on
 * test_runs and evaluation_results (migration 0022) in the writer's own transaction: a run that starts to
 * count is added, one that stops or changes is taken away as it was (the latest time read again from
 * idx_test_runs_flaky when it held it), an evaluation's failed pass^k counts while its run is right. A group
 * with no such run has no row. tool_set_key 0: no listing (tool_sets ids start at 1); batch_key '': no batch.
 * Never written by the application.
 */
export const flakyRollup = sqliteTable(
  'flaky_rollup',
  {
    testCaseId: text('test_case_id').notNull(),
    modelSettingsId: text('model_settings_id').notNull(),
    toolSetKey: integer('tool_set_key').notNull(),
    batchKey: text('batch_key').notNull(),
    runs: integer('runs').notNull().default(0),
    correctRuns: integer('correct_runs').notNull().default(0),
    samplesAgree: integer('s_agree').notNull().default(0),
    samplesNull: integer('s_null').notNull().default(0),
    passKFailed: integer('e_all').notNull().default(0),
    passKFailedAgree: integer('e_agree').notNull().default(0),
    passKFailedNull: integer('e_null').notNull().default(0),
    lastRunAt: text('last_run_at').notNull(),
  },
  (t) => [uniqueIndex('uq_flaky_rollup_key').on(t.testCaseId, t.modelSettingsId, t.toolSetKey, t.batchKey)],
);

/**
 * Batch comparison rollup (issue 19): per (batch, test case, model settings), the completed, judged
 * runs counted by classification (the significance test pools every one of them per case x model)
 * and the latest of them, the largest (coalesce(completed_at, created_at), created_at, id), whose
 * classification and selected tool the per-case comparison shows. Kept by triggers on test_runs
 * alone (migration 0018) in the writer's own transaction: a run that starts to count is added; one
 * that stops (deleted, moved, re-classified, no longer completed) is taken away, and when it was
 * the group's latest the group's row is read again from its runs (idx_test_runs_compare). A group
 * with no such run has no row. Runs without a batch are not kept. model_settings_id NULL is ''.
 * Never written by the application.
 */
export const metricsCompareRollup = sqliteTable(
  'metrics_compare_rollup',
  {
    batchId: text('batch_id').notNull(),
    testCaseId: text('test_case_id').notNull(),
    modelSettingsId: text('model_settings_id').notNull(),
    tp: integer('tp').notNull().default(0),
    fp: integer('fp').notNull().default(0),
    tn: integer('tn').notNull().default(0),
    fn: integer('fn').notNull().default(0),
    /** coalesce(completed_at, created_at), created_at and id joined by U+0001: the largest is the latest run. */
    latestKey: text('latest_key').notNull(),
    latestRunId: text('latest_run_id').notNull(),
    latestClassification: text('latest_classification').notNull(),
    latestSelectedServer: text('latest_selected_server'),
    latestSelectedTool: text('latest_selected_tool'),
  },
  (t) => [uniqueIndex('uq_metrics_compare_rollup_key').on(t.batchId, t.testCaseId, t.modelSettingsId)],
);

/**
 * Latency histogram of the evaluated runs per server and tool name (issue 19), for the metrics summary's
 * percentiles under a tool or server filter (without batch or model: metrics_latency_histogram serves
 * those): a completed, classified, timed run with an evaluation counts once in each (server, tool) a filter
 * can name, server '' (no server filter) or its evaluation's expected or selected server, tool '' or its
 * expected or selected tool, not both '' and each distinct name once (filter values are never ''). Day,
 * created_odd and bucket as in metrics_latency_histogram; the exact value is then read from that bucket's
 * runs. Kept by triggers on test_runs and evaluation_results (migration 0019); never written by the application.
 */
export const metricsLatencyToolHistogram = sqliteTable(
  'metrics_latency_tool_histogram',
  {
    server: text('server').notNull(),
    tool: text('tool').notNull(),
    day: text('day').notNull(),
    createdOdd: integer('created_odd').notNull(),
    bucket: integer('bucket').notNull(),
    runs: integer('runs').notNull().default(0),
  },
  (t) => [uniqueIndex('uq_metrics_latency_tool_histogram_key').on(t.server, t.tool, t.day, t.createdOdd, t.bucket)],
);

/** Small key/value facts about this installation (e.g. when the demo seed ran). */
export const appMeta = sqliteTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

export type McpServerRow = typeof mcpServers.$inferSelect;
export type NewMcpServerRow = typeof mcpServers.$inferInsert;
export type TestCaseRow = typeof testCases.$inferSelect;
export type NewTestCaseRow = typeof testCases.$inferInsert;
export type ToolExecutionRow = typeof toolExecutions.$inferSelect;
export type StaticToolRow = typeof staticTools.$inferSelect;
export type NewStaticToolRow = typeof staticTools.$inferInsert;
export type TestRunRow = typeof testRuns.$inferSelect;
export type CallResultRow = typeof callResults.$inferSelect;
export type RunBatchRow = typeof runBatches.$inferSelect;
export type ExperimentRow = typeof experiments.$inferSelect;
export type ExperimentVariantRow = typeof experimentVariants.$inferSelect;
