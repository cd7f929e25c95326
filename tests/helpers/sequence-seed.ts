import { insertTestCase, type TestCaseValues } from '@/db/queries/test-cases';
import type { McpServerRow } from '@/db/schema';
import { CircuitBreakers } from '@/lib/eval/run/circuit-breaker';
import type { RunContext } from '@/lib/eval/run/runner';
import { ToolCache } from '@/lib/eval/run/tool-cache';
import type { ModelSettingsValues } from '@/db/queries/batches';

/** A sequence-mode case (issue 17) written directly, for the agent-loop tests. */
export async function seedSequenceCase(servers: McpServerRow[], values: Partial<TestCaseValues> & Pick<TestCaseValues, 'query'>): Promise<string> {
  return (await insertTestCase({ name: values.query.slice(0, 200), mode: 'sequence', ...values }, servers.map((s) => s.id))).id;
}

/** A fresh run context (tool cache, breakers, clients) with `key` as every provider's key. */
export function sequenceContext(key?: string, signal?: AbortSignal): RunContext {
  const breakers = new CircuitBreakers();
  return { keys: key ? { default: key } : {}, breakers, toolCache: new ToolCache(breakers, signal), clients: new Map() };
}

export function scriptedModel(provider: 'openai' | 'anthropic', baseUrl: string): ModelSettingsValues {
  return { provider, model: 'scripted-model', timeout: 10, temperature: 0, maxRetries: 0, baseUrl };
}
