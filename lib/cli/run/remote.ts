import type { TestRunDto, BatchDto } from '../../eval/api/dto';
import type { ServerDto } from '../../servers/dto';
import type { TestCaseDto } from '../../test-cases/dto';
import { InfrastructureError } from '../errors';
import { keyHeaders } from '../keys';
import type { CaseResult } from '../results/schema';
import type { ResolvedCase, ResolvedSuite } from '../suite/load';
import { sequenceOf } from '../suite/sequence';
import { createApiClient, type ApiClient } from './api-client';
import { modelLabel, toolLabel, type Executor } from './types';
import { sampleAgreementOf } from '@/lib/eval/judge/confidence';

type Page<T> = { items: T[]; total: number };
type RunDetail = TestRunDto & { evaluation: { parameterCorrectness: number | null } | null };

const PAGE = 200;
const TERMINAL = new Set(['completed', 'failed', 'cancelled', 'interrupted']);

/**
 * Runs a suite on a running instance through its REST API: servers and cases are matched by
 * name and updated to the suite's definition (or created), one batch runs them with the keys
 * from the environment in their headers, its progress is polled, then its runs are read back.
 */
export function remoteExecutor(url: string, token: string | undefined, env: Record<string, string | undefined>, pollMs = 500): Executor {
  return async ({ suite, progress, signal }) => {
    const api = createApiClient(url, token, signal, suite.file);
    const serverIds = await registerServers(api, suite);
    const byDbId = new Map<string, ResolvedCase>();
    for (const c of suite.cases) byDbId.set(await upsertCase(api, c, serverIds), c);

    const batch = await api.send<BatchDto>(
      'POST',
      '/api/batches',
      { name: `mcp-eval ${suite.name}`, models: suite.models, samples: suite.samples, concurrency: suite.concurrency, testCaseIds: [...byDbId.keys()] },
      keyHeaders(env),
    );
    progress.start(batch.counts.total);
    const cancel = () => void api.send('POST', `/api/batches/${batch.id}/cancel`).catch(() => undefined);
    signal.addEventListener('abort', cancel, { once: true });
    let reported = 0;
    let state = batch;
    try {
      for (;;) {
        const finished = state.counts.completed + state.counts.failed + state.counts.cancelled;
        for (; reported < finished; reported++) progress.tick(`${state.counts.completed} completed, ${state.counts.failed} failed`);
        if (TERMINAL.has(state.status)) break;
        await sleep(pollMs, signal);
        state = await api.get<BatchDto>(`/api/batches/${batch.id}`);
      }
    } finally {
      signal.removeEventListener('abort', cancel);
      progress.done();
    }
    if (state.status !== 'completed' && state.errorMessage) throw new InfrastructureError(`batch ${batch.id} ${state.status}: ${state.errorMessage}`);

    const runs = await listAll<TestRunDto>(api, '/api/test-runs', { batchId: batch.id });
    const details = await mapPool(runs, 8, (r) => (r.status === 'completed' ? api.get<RunDetail>(`/api/test-runs/${r.id}`) : Promise.resolve(null)));
    return runs.map((run, i) => toCaseResult(run, details[i] ?? null, byDbId.get(run.testCaseId)));
  };
}

async function registerServers(api: ApiClient, suite: ResolvedSuite): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const { name, input } of suite.servers) {
    const existing = (await listAll<ServerDto>(api, '/api/servers', { search: name })).find((s) => s.name === name);
    const server = existing ? await api.send<ServerDto>('PATCH', `/api/servers/${existing.id}`, input) : await api.send<ServerDto>('POST', '/api/servers', input);
    ids.set(name, server.id);
    if (input.transport === 'static') continue;
    try {
      await api.get(`/api/servers/${server.id}/tools`);
    } catch (err) {
      throw new InfrastructureError(`server ${name} is unreachable from the instance: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return ids;
}

/** A case of the suite is the instance's case of the same name on the same first server. */
async function upsertCase(api: ApiClient, c: ResolvedCase, serverIds: Map<string, string>): Promise<string> {
  const first = c.servers[0] as string;
  const body = {
    name: c.name,
    query: c.query,
    serverIds: c.servers.map((s) => serverIds.get(s) as string),
    expectedServer: c.expectedServer,
    expectedTool: c.expectedTool,
    expectedParameters: c.expectedParameters,
    argumentMatching: c.argumentMatching,
    ...sequenceOf(c),
  };
  const existing = (await listAll<TestCaseDto>(api, '/api/test-cases', { serverName: first, search: c.name })).find((t) => t.name === c.name);
  const saved = existing ? await api.send<TestCaseDto>('PATCH', `/api/test-cases/${existing.id}`, body) : await api.send<TestCaseDto>('POST', '/api/test-cases', body);
  return saved.id;
}

async function listAll<T>(api: ApiClient, path: string, query: Record<string, string>): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await api.get<Page<T>>(path, { ...query, limit: String(PAGE), offset: String(offset) });
    out.push(...page.items);
    if (page.items.length < PAGE || out.length >= page.total) return out;
  }
}

async function mapPool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return out;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

function toCaseResult(run: TestRunDto, detail: RunDetail | null, c: ResolvedCase | undefined): CaseResult {
  const completed = run.status === 'completed';
  return {
    id: c?.id ?? run.testCaseId,
    name: c?.name ?? run.testCaseName,
    model: run.modelSettings ? modelLabel(run.modelSettings) : 'unknown',
    status: completed ? 'completed' : 'failed',
    classification: completed ? run.classification : null,
    expected: toolLabel(c?.expectedServer ?? null, c?.expectedTool ?? null),
    selected: toolLabel(run.selectedServer, run.selectedTool),
    confidence: run.confidenceScore,
    argumentScore: detail?.evaluation?.parameterCorrectness ?? null,
    argumentMatching: c?.argumentMatching ?? 'strict',
    failureReasons: run.failureReasons,
    samples: { count: run.samples, agreement: sampleAgreementOf(run) },
    error: completed ? null : (run.errorMessage ?? `run ${run.status}`),
  };
}
