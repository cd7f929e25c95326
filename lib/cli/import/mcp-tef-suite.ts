import { ValidationError } from '../../errors';
import { parseBfclFile } from '../../import/bfcl-files';
import { serverNameFromUrl, tefExpectation, TefTestCaseSchema } from '../../import/mcp-tef';
import type { Suite } from '../suite/schema';
import type { ImportedSuite, SourceFile } from './types';

type InlineCase = Extract<Suite['testCases'][number], { name: string }>;

/**
 * mcp-tef test-case files (one object, an array, or JSON Lines) -> a suite: a live server per
 * distinct URL (available_mcp_servers as URL strings or {url, transport} objects; named from
 * the URL as POST /api/import/mcp-tef names it; `${VAR}` placeholders stay, the suite loader
 * fills them from the environment), one case per test case: one expected call is the case's
 * pair, two or more a sequence case with every call (callOrder from order_dependent_matching,
 * see tefExpectation). Pure: no database.
 */
export function mcpTefToSuite(files: SourceFile[]): ImportedSuite {
  const items = files.flatMap((f) => {
    const trimmed = f.text.trim();
    return trimmed.startsWith('{') && !trimmed.includes('\n{') ? [parseObject(trimmed, f.name)] : parseBfclFile(f.text, f.name);
  });
  const servers: Suite['servers'] = {};
  const nameByUrl = new Map<string, string>();
  const testCases: InlineCase[] = [];
  const report: ImportedSuite['report'] = [];
  const seen = new Set<string>();
  for (const raw of items) {
    const parsed = TefTestCaseSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const name = typeof raw === 'object' && raw !== null && typeof (raw as { name?: unknown }).name === 'string' ? (raw as { name: string }).name : null;
      report.push({ id: name, status: 'skipped', reason: `not an mcp-tef test case: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}` });
      continue;
    }
    const tc = parsed.data;
    if (seen.has(tc.name)) {
      report.push({ id: tc.name, status: 'skipped', reason: 'a second test case with this name' });
      continue;
    }
    for (const s of tc.available_mcp_servers) {
      if (nameByUrl.has(s.url)) continue;
      let name = serverNameFromUrl(s.url);
      for (let i = 2; Object.hasOwn(servers, name); i++) name = `${serverNameFromUrl(s.url)}-${i}`;
      nameByUrl.set(s.url, name);
      servers[name] = { type: s.transport === 'sse' ? 'sse' : 'http', url: s.url };
    }
    const expectation = tefExpectation(tc);
    const expectedServer = expectation.serverUrl ? (nameByUrl.get(expectation.serverUrl) ?? null) : null;
    if (expectation.serverUrl && !expectedServer) {
      report.push({ id: tc.name, status: 'skipped', reason: `expected server ${expectation.serverUrl} is not one of available_mcp_servers` });
      continue;
    }
    const calls = expectation.calls.map((c) => ({ server: c.serverUrl ? nameByUrl.get(c.serverUrl) : undefined, tool: c.tool, parameters: c.parameters }));
    if (calls.some((c) => !c.server || !c.tool)) {
      report.push({ id: tc.name, status: 'skipped', reason: 'an expected call names no tool, or a server that is not one of available_mcp_servers' });
      continue;
    }
    if ((expectedServer === null) !== (expectation.tool === null)) {
      report.push({ id: tc.name, status: 'skipped', reason: 'an expected tool needs its server (and the reverse)' });
      continue;
    }
    seen.add(tc.name);
    testCases.push({
      name: tc.name,
      query: tc.query,
      servers: [...new Set(tc.available_mcp_servers.map((s) => nameByUrl.get(s.url) as string))],
      expectedServer,
      expectedTool: expectation.tool,
      expectedParameters: expectation.tool ? expectation.parameters : null,
      // Two or more calls: a sequence case judged call by call.
      ...(calls.length > 1
        ? {
            mode: 'sequence' as const,
            callOrder: expectation.callOrder,
            expectedCalls: calls.map((c) => ({ server: c.server as string, tool: c.tool as string, ...(c.parameters ? { arguments: c.parameters } : {}) })),
          }
        : {}),
    });
    const then = calls.length > 1 ? ` then ${calls.slice(1).map((c) => c.tool).join(', ')} (a sequence case, ${expectation.callOrder} order)` : '';
    report.push({ id: tc.name, status: 'imported', reason: `${expectation.tool ? `expects ${expectation.tool}${then}` : 'negative (no call expected)'}` });
  }
  return { servers, testCases, argumentMatching: 'strict', report };
}

function parseObject(text: string, name: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new ValidationError(`${name} is not valid JSON: ${(err as Error).message}`, undefined, 'invalid_document');
  }
}
