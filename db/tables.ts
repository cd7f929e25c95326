/**
 * The tables of the active dialect (db/dialect.ts), typed as the SQLite schema's: query code is written
 * once against these and runs on SQLite (db/schema.ts) or Postgres (db/schema.pg.ts, the parity-tested mirror).
 * Query files import table objects from here, row types from db/schema. The dialect is read once, when this
 * module loads: DATABASE_URL must be set before the first query module is imported (it is, from the process
 * environment; tests set it in their setup file).
 */
import * as pg from './schema.pg';
import * as sqlite from './schema';
import { isPostgres } from './dialect';

const postgres = isPostgres();

/** The active dialect's table object, typed as the SQLite one (same names, columns and JavaScript values). */
function pick<K extends keyof typeof sqlite & keyof typeof pg>(name: K): (typeof sqlite)[K] {
  return (postgres ? pg[name] : sqlite[name]) as (typeof sqlite)[K];
}

export const mcpServers = pick('mcpServers');
export const testCases = pick('testCases');
export const testCaseServers = pick('testCaseServers');
export const testCaseTags = pick('testCaseTags');
export const modelSettings = pick('modelSettings');
export const runBatches = pick('runBatches');
export const testRuns = pick('testRuns');
export const experiments = pick('experiments');
export const experimentVariants = pick('experimentVariants');
export const toolSnapshots = pick('toolSnapshots');
export const toolSets = pick('toolSets');
export const toolSetMembers = pick('toolSetMembers');
export const toolDefinitions = pick('toolDefinitions');
export const evaluationResults = pick('evaluationResults');
export const callResults = pick('callResults');
export const staticTools = pick('staticTools');
export const toolExecutions = pick('toolExecutions');
export const apiKeys = pick('apiKeys');
export const embeddingCache = pick('embeddingCache');
export const metricsRollup = pick('metricsRollup');
export const metricsLatencyHistogram = pick('metricsLatencyHistogram');
export const appMeta = pick('appMeta');
