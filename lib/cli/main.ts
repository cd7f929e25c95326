import { CliError, EXIT, SuiteError, type ExitCode } from './errors';
import type { CliIo } from './io';
import { RUN_HELP } from './commands/run';
import { IMPORT_HELP } from './commands/import';

type Command = { summary: string; help: string; run: (args: string[], io: CliIo) => Promise<ExitCode> };

/** One row per command; each module is loaded only when its command runs. */
const COMMANDS: Record<string, Command> = {
  run: { summary: 'run a suite and enforce its gates', help: RUN_HELP, run: async (a, io) => (await import('./commands/run')).runCommand(a, io) },
  compare: {
    summary: 'the regression gate alone: compare two results.json files',
    help: 'mcp-eval compare <baseline.json> <current.json> [--max-regression f1=0.05,...] [--strict] [--out dir] [--json] [--history earlier.json ...]\n  (--history: earlier results files; a case whose verdict alternates across them, the baseline and current is flaky, listed apart and left out of the gate)',
    run: async (a, io) => (await import('./commands/compare')).compareCommand(a, io),
  },
  lint: {
    summary: 'lint tool descriptions (SARIF, Markdown or JSON)',
    help: 'mcp-eval lint <tools.json|suite.yaml>... [--format sarif|md|json] [--out file] [--fail-on error|warning|none]\n  (a suite\'s servers are all read: static tool lists, and stdio and HTTP servers listed as `run` connects to them)',
    run: async (a, io) => (await import('./commands/lint')).lintCommand(a, io),
  },
  similarity: {
    summary: 'find confusable tools (json, csv, md or html report)',
    help: 'mcp-eval similarity <tools.json|suite.yaml>... | <tools.ndjson> [--format json|csv|md|html] [--threshold 0.85] [--method embedding|description_overlap] [--out file] [--fail-on-flagged]\n  (.ndjson/.jsonl: an options line such as {} then one tool per line, as POST /api/similarity/analyze takes)',
    run: async (a, io) => (await import('./commands/similarity')).similarityCommand(a, io),
  },
  schemas: {
    summary: 'print (or --write to schemas/) the JSON Schemas of suites and results',
    help: 'mcp-eval schemas [--write]',
    run: async (a, io) => (await import('./commands/schemas')).schemasCommand(a, io),
  },
  import: {
    summary: 'turn BFCL or mcp-tef data into a suite file',
    help: IMPORT_HELP,
    run: async (a, io) => (await import('./commands/import')).importCommand(a, io),
  },
};

function usage(): string {
  const rows = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(11)} ${c.summary}`);
  return ['Usage: mcp-eval <command> [options]', '', 'Commands:', ...rows, '', 'mcp-eval <command> --help for its options.', 'Exit codes: 0 gates hold, 1 a gate failed, 2 usage or suite error, 3 infrastructure error.', ''].join('\n');
}

export async function main(argv: string[], io: CliIo): Promise<ExitCode> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(usage());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.stderr.write(`mcp-eval: unknown command '${name}' (known: ${Object.keys(COMMANDS).join(', ')})\n`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(`${command.help}\n`);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (err instanceof SuiteError) io.stderr.write(`mcp-eval ${name}: suite error\n${err.message}\n`);
    else if (err instanceof CliError) io.stderr.write(`mcp-eval ${name}: ${err.message}\n`);
    else if (isParseArgsError(err)) {
      io.stderr.write(`mcp-eval ${name}: ${(err as Error).message}\n`);
      return EXIT.usage;
    } else {
      io.stderr.write(`mcp-eval ${name}: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      return EXIT.infrastructure;
    }
    return (err as CliError).exitCode;
  }
}

function isParseArgsError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

