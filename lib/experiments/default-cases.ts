import 'server-only';
import { testCaseIdsExpecting, testCaseIdsUsingServers } from '@/db/queries/experiments';
import { getServersByNames } from '@/db/queries/servers';
import { z } from 'zod';

/**
 * The cases the new-experiment form preselects, resolved here rather than from one page of the
 * test case list (a browser-side filter over the first 200 cases missed the rest). With focus
 * tools ("Try this rewrite"): the cases that expect one of them. Otherwise the API's own
 * default, the cases showing a server of a changed tool (service.ts resolveCases reads the same
 * query), so the form may send no ids for it.
 */

const ToolRefSchema = z.object({ server: z.string().trim().min(1).max(100), tool: z.string().min(1).max(200) }).strict();

export const DefaultCasesInputSchema = z
  .object({
    servers: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
    focusTools: z.array(ToolRefSchema).max(200).default([]),
  })
  .strict();
export type DefaultCasesInput = z.infer<typeof DefaultCasesInputSchema>;

export type DefaultCasesDto = { rule: 'focus_tools' | 'servers'; ids: string[]; total: number };

export async function resolveDefaultCases(input: DefaultCasesInput): Promise<DefaultCasesDto> {
  if (input.focusTools.length) {
    const ids = await testCaseIdsExpecting(input.focusTools);
    return { rule: 'focus_tools', ids, total: ids.length };
  }
  const servers = await getServersByNames([...new Set(input.servers)]);
  const ids = await testCaseIdsUsingServers(servers.map((s) => s.id));
  return { rule: 'servers', ids, total: ids.length };
}
