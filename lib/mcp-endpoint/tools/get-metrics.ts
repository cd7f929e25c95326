import 'server-only';
import { MetricsFiltersSchema } from '@/lib/metrics/filters';
import { getMetricsSummary } from '@/lib/metrics/summary';
import { fitObject } from '../budget';
import { defineTool } from './types';

const INCLUDE_EXPERIMENTS =
  'Experiment variant batches (their runs saw tool descriptions rewritten by an experiment) are left out unless this is true ' +
  'or batchId names one; experimentsLeftOut in the result says how many batches and evaluated runs were left out.';

/** The metrics filters, with includeExperiments described for the client (the parsing is the API's). */
const GetMetricsInput = MetricsFiltersSchema.safeExtend({
  includeExperiments: MetricsFiltersSchema.shape.includeExperiments.describe(INCLUDE_EXPERIMENTS),
});

export const getMetricsTool = defineTool({
  name: 'get_metrics',
  title: 'Get the metrics summary',
  description: () =>
    'The metrics of completed runs, as on the Metrics page and GET /api/metrics/summary: TP/FP/TN/FN counts, precision, ' +
    'recall, F1, accuracy, specificity, parameter averages, confidence categories, pass^k, latency p50/p95, tokens, and ' +
    'breakdowns by tool, model and day with the confusion matrix. Filters: batchId, testCaseId, serverName, toolName, ' +
    'provider, model, from, to (ISO date or date-time), includeExperiments (boolean). ' +
    INCLUDE_EXPERIMENTS,
  inputSchema: GetMetricsInput,
  run: async (args, ctx) => {
    const summary = await getMetricsSummary(args);
    return fitObject(summary, ctx, 'narrow the filters (e.g. batchId, toolName or model) to see the breakdowns in full');
  },
});
