/**
 * The promptfoo side of bench/peer-promptfoo.bench.ts, in a process of its own (like the LLM
 * server) so that neither tool's module loading or CPU lands in the other's figures.
 *   node bench/peer/promptfoo-eval.mjs   (reads the workload as JSON on stdin)
 * Workload: {baseUrl, apiKey, model, systemPrompt, tools (OpenAI function tools), queries,
 * expectedTool, concurrency}. Prints one JSON line: {wallMs, loadMs, warmMs, passed, failed, errors}.
 * Only evaluate() of the workload is timed (wallMs); loading promptfoo is loadMs and an
 * untimed one-case evaluation before it (its first-run setup) warmMs. Its cache, telemetry,
 * update check and result store are off or kept in a throw-away config directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const input = JSON.parse(fs.readFileSync(0, 'utf8'));
const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-bench-promptfoo-'));
Object.assign(process.env, {
  PROMPTFOO_CONFIG_DIR: configDir,
  PROMPTFOO_DISABLE_TELEMETRY: '1',
  PROMPTFOO_DISABLE_UPDATE: '1',
  PROMPTFOO_CACHE_ENABLED: 'false',
  PROMPTFOO_DISABLE_REMOTE_GENERATION: '1',
  PROMPTFOO_LOG_LEVEL: 'error',
  LOG_LEVEL: 'error',
  OPENAI_API_KEY: input.apiKey,
});

try {
  const loadStarted = performance.now();
  const { default: promptfoo } = await import('promptfoo');
  const loadMs = performance.now() - loadStarted;
  const suite = {
    // The same two messages the harness sends: its system prompt, then the case's query.
    prompts: [JSON.stringify([{ role: 'system', content: input.systemPrompt }, { role: 'user', content: '{{query}}' }])],
    providers: [{ id: `openai:chat:${input.model}`, config: { apiBaseUrl: input.baseUrl, apiKey: input.apiKey, tools: input.tools, temperature: 0, maxRetries: 0 } }],
    // The check the harness makes first: the expected tool is the one called.
    tests: input.queries.map((query) => ({
      vars: { query },
      assert: [{ type: 'javascript', value: `JSON.stringify(output).includes(${JSON.stringify(`"${input.expectedTool}"`)})` }],
    })),
    writeLatestResults: false,
  };
  const options = { maxConcurrency: input.concurrency, showProgressBar: false, cache: false };
  // Like the harness's warm-up batch: one untimed case pays promptfoo's first-evaluation setup.
  const warmStarted = performance.now();
  await promptfoo.evaluate({ ...suite, tests: suite.tests.slice(0, 1) }, options);
  const warmMs = performance.now() - warmStarted;
  const started = performance.now();
  const summary = await promptfoo.evaluate(suite, options);
  const wallMs = performance.now() - started;
  const results = typeof summary.toEvaluateSummary === 'function' ? (await summary.toEvaluateSummary()).results : (summary.results ?? []);
  const passed = results.filter((r) => r.success).length;
  const errors = results.filter((r) => r.error).map((r) => String(r.error).slice(0, 200));
  process.stdout.write(`${JSON.stringify({ wallMs, loadMs, warmMs, passed, failed: results.length - passed, errors: errors.slice(0, 3) })}\n`);
} finally {
  fs.rmSync(configDir, { recursive: true, force: true });
}
