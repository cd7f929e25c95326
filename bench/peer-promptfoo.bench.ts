/**
 * Peer comparison (issue 19): the harness workload of harness.bench (200 cases x the 11 tools
 * of the demo rag and todo servers, 200 ms model latency, concurrency 16, samples = 1) and the same 200
 * queries through promptfoo's OpenAI chat provider, pointed at the same scripted LLM server
 * with the same latency, the same system prompt and the same tool definitions as functions,
 * checking that the expected tool was called. The two run one after the other, alternating,
 * never at once; each tool's wall time covers its evaluation only (promptfoo: evaluate(),
 * in a process of its own, see peer/promptfoo-eval.mjs; the harness: createBatch..done,
 * self-assessments included, which promptfoo does not make).
 * Skips, saying so, when promptfoo (a devDependency) is not installed.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { toOpenAiTools } from '@/lib/providers/openai-chat/messages';
import { DEFAULT_SYSTEM_PROMPT } from '@/lib/providers/shared/prompts';
import { startDemoServers } from '@/tests/helpers/demo-server';
import { startLlmServerProcess } from '@/tests/helpers/llm-server-process';
import { BENCH_LLM_SCRIPT, BENCH_SERVERS, CONCURRENCY, IDEAL_MS, LATENCY_MS, median, queryOf, RUNS, runBatchOnce } from './harness-workload';

const ROUNDS = 2;

type PromptfooResult = { wallMs: number; loadMs: number; passed: number; failed: number; errors: string[] };

function promptfooInstalled(): string | null {
  try {
    return createRequire(import.meta.url).resolve('promptfoo');
  } catch {
    return null;
  }
}

/** The servers' tools as the harness shows them (their names do not collide, so each is exposed under its own name). */
async function benchTools(demoBaseUrl: string) {
  const all = [];
  for (const name of BENCH_SERVERS) {
    const client = new Client({ name: 'bench-peer', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${demoBaseUrl}/demo/${name}/mcp`)));
    try {
      all.push(...(await client.listTools()).tools);
    } finally {
      await client.close();
    }
  }
  if (new Set(all.map((t) => t.name)).size !== all.length) throw new Error('the bench servers share a tool name: the harness would prefix them');
  return toOpenAiTools(all.map((t) => ({ exposedName: t.name, description: t.description ?? '', inputSchema: t.inputSchema as Record<string, unknown> })));
}

function runPromptfoo(workload: unknown): Promise<PromptfooResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'peer', 'promptfoo-eval.mjs')], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as PromptfooResult);
      else reject(new Error(`promptfoo exited with ${code}: ${err.trim().split('\n').slice(-5).join(' | ')}`));
    });
    child.stdin.end(JSON.stringify(workload));
  });
}

export async function runBenchmark(): Promise<void> {
  if (!promptfooInstalled()) {
    console.log('SKIP: promptfoo is not installed (it is a devDependency: run `npm install`), so there is no peer to compare with');
    return;
  }
  process.env.LOG_LEVEL = 'silent';
  const demo = await startDemoServers();
  const llm = await startLlmServerProcess(BENCH_LLM_SCRIPT);
  try {
    const tools = await benchTools(demo.baseUrl);
    const workload = { baseUrl: llm.openaiBaseUrl, apiKey: 'bench-key', model: 'bench', systemPrompt: DEFAULT_SYSTEM_PROMPT, tools, queries: Array.from({ length: RUNS }, (_, i) => queryOf(i)), expectedTool: 'rag_search', concurrency: CONCURRENCY };
    console.log(`workload: ${RUNS} cases x ${tools.length} tools, ${LATENCY_MS} ms per model call, concurrency ${CONCURRENCY}; one-call ideal ${IDEAL_MS} ms`);
    // The harness's first batch of a process loads its SDK; promptfoo's load is outside its timing too.
    const warm = await runBatchOnce(demo.baseUrl, llm.openaiBaseUrl);
    console.log(`harness warm-up: ${Math.round(warm.wall)} ms`);
    const harness: number[] = [];
    const peer: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const p = await runPromptfoo(workload);
      peer.push(p.wallMs);
      console.log(`round ${round} promptfoo ${p.passed}/${RUNS} passed (${p.failed} failed${p.errors.length ? `: ${p.errors.join('; ')}` : ''}): ${Math.round(p.wallMs)} ms (module load ${Math.round(p.loadMs)} ms, not counted)`);
      const h = await runBatchOnce(demo.baseUrl, llm.openaiBaseUrl);
      harness.push(h.wall);
      console.log(`round ${round} harness ${h.completed}/${RUNS} completed, ${h.rated} rated (${h.sources}): verdicts ${Math.round(h.verdictsMs)} ms, done ${Math.round(h.wall)} ms`);
    }
    const h = median(harness);
    const p = median(peer);
    console.log(`median wall: harness ${(h / 1000).toFixed(2)} s, promptfoo ${(p / 1000).toFixed(2)} s; ratio harness/promptfoo ${(h / p).toFixed(2)} (${(h / IDEAL_MS).toFixed(2)}x and ${(p / IDEAL_MS).toFixed(2)}x the one-call ideal)`);
  } finally {
    await Promise.all([demo.close(), llm.close()]);
  }
}
