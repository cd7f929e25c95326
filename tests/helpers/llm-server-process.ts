/**
 * The scripted LLM server in its own process, as a real provider would be: benchmarks use it
 * so that the server's own CPU time is not counted as harness overhead.
 *   tsx tests/helpers/llm-server-process.ts '<LlmScript as JSON; {"regex": "..."} for a RegExp matcher>'
 * (`"descriptionModel": {}` answers like the description-sensitive model of description-model.ts)
 * Prints one JSON line {url, openaiBaseUrl, anthropicBaseUrl} once listening; stops on SIGTERM,
 * or when its parent goes away (its stdin pipe closes), so a killed benchmark leaves no server behind.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { respondByDescription, type DescriptionModelOptions } from './description-model';
import { startLlmServer, type LlmScript } from './llm-server';

type JsonMatcher = string | { regex: string };
type JsonScript = Omit<LlmScript, 'rules' | 'respond'> & {
  rules?: { match: JsonMatcher; replies: NonNullable<LlmScript['default']>[] }[];
  /** Answer unmatched queries like the description-sensitive model (description-model.ts). */
  descriptionModel?: DescriptionModelOptions;
};

function fromJson({ descriptionModel, ...script }: JsonScript): LlmScript {
  return {
    ...script,
    rules: script.rules?.map((r) => ({ ...r, match: typeof r.match === 'string' ? r.match : new RegExp(r.match.regex) })),
    ...(descriptionModel ? { respond: respondByDescription(descriptionModel) } : {}),
  };
}

/** Starts the server in a child process and resolves with its URLs. */
export async function startLlmServerProcess(script: JsonScript): Promise<{ openaiBaseUrl: string; anthropicBaseUrl: string; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('tests/helpers/llm-server-process.ts'), JSON.stringify(script)], {
    // stdin stays open for the child's lifetime: its end tells the child that the parent is gone.
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`llm server process exited with ${code}`)));
  });
  const urls = JSON.parse(line) as { openaiBaseUrl: string; anthropicBaseUrl: string };
  return {
    ...urls,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function main(): Promise<void> {
  const server = await startLlmServer(fromJson(JSON.parse(process.argv[2] ?? '{}') as JsonScript));
  process.stdout.write(`${JSON.stringify({ url: server.url, openaiBaseUrl: server.openaiBaseUrl, anthropicBaseUrl: server.anthropicBaseUrl })}\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
