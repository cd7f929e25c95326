// Entry of the TypeScript CLI (started by bin/mcp-eval.mjs): the one place that hands process
// state to lib/cli/main.ts.
import './alias';
import { main } from '../lib/cli/main';

const controller = new AbortController();
process.once('SIGINT', () => controller.abort(new Error('interrupted')));
process.once('SIGTERM', () => controller.abort(new Error('terminated')));

const env = process.env;
const cwd = env.MCP_EVAL_CWD ?? process.cwd();
const isTty = env.MCP_EVAL_TTY === '1';
delete env.MCP_EVAL_CWD;
delete env.MCP_EVAL_TTY;

main(process.argv.slice(2), { cwd, env, stdout: process.stdout, stderr: process.stderr, isTty, signal: controller.signal }).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`mcp-eval: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(3);
  },
);
