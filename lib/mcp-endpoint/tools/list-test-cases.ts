import 'server-only';
import { z } from 'zod';
import { listTestCases } from '@/db/queries/test-cases';
import { toTestCaseDto } from '@/lib/test-cases/dto';
import { fitList } from '../budget';
import { pageShape } from './page';
import { defineTool } from './types';

export const listTestCasesTool = defineTool({
  name: 'list_test_cases',
  title: 'List test cases',
  description: () =>
    'Test cases: a user query, the servers whose tools the model is shown, and the expected server/tool/parameters ' +
    '(expectedTool null = a negative case: no tool should be called). Returns {items, total, limit, offset, returned, nextOffset, metadata}.',
  inputSchema: z
    .object({
      search: z.string().max(200).optional().describe('Part of the name or query'),
      serverId: z.string().max(100).optional(),
      serverName: z.string().max(100).optional(),
      expectedTool: z.string().max(200).optional(),
      kind: z.enum(['positive', 'negative']).optional(),
      ...pageShape,
    })
    .strict(),
  run: async (args, ctx) => {
    const { rows, total } = await listTestCases(args);
    const items = rows.map(toTestCaseDto).map((t) => ({
      id: t.id,
      name: t.name,
      query: t.query,
      servers: t.servers.map((s) => s.name),
      expectedServer: t.expectedServer,
      expectedTool: t.expectedTool,
      expectedParameters: t.expectedParameters,
      createdAt: t.createdAt,
    }));
    return fitList({ items, total, limit: args.limit, offset: args.offset }, ctx);
  },
});
