import 'server-only';
import { z } from 'zod';
import { isPostgres } from '@/db/dialect';
import { getTestRunDetail } from '@/lib/eval/run/runs';
import { fitObject } from '../budget';
import { defineTool } from './types';

export const getRunTool = defineTool({
  name: 'get_run',
  title: 'Get one evaluation run',
  description: () =>
    'One run in detail: the model settings, the tool it selected with its arguments, the classification, the evaluation ' +
    '(failure reasons, parameter scores, reasoning, recommendations) and the tools it was shown (name and description). ' +
    (isPostgres() ? 'The raw LLM response is left out.' : 'The raw LLM response is left out: query_sql can read test_runs.llm_response_raw.'),
  inputSchema: z.object({ id: z.string().min(1).max(100).describe('The run id (from list_runs)') }).strict(),
  run: async (args, ctx) => {
    const { tools, llmResponseRaw: _raw, ...run } = await getTestRunDetail(args.id);
    const shown = tools.map((t) => ({ server: t.server, name: t.name, description: t.description }));
    const hint = isPostgres() ? 'tools are shown by name and description only' : `query_sql reads any field in full, e.g. SELECT * FROM tool_definitions WHERE test_run_id = '${args.id}'`;
    return fitObject({ ...run, toolCount: tools.length, tools: shown }, ctx, hint);
  },
});
