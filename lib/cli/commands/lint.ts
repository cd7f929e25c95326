import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AppError } from '../../errors';
import { EXIT, UsageError, type ExitCode } from '../errors';
import type { CliIo } from '../io';
import { readToolSources } from './tool-sources';

const FAIL_ON = { error: ['error'], warning: ['error', 'warning'], none: [] } as const;

/** lib/quality's lint over tool files or suites; SARIF by default (GitHub code scanning reads it). */
export async function lintCommand(args: string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { format: { type: 'string', default: 'sarif' }, out: { type: 'string' }, 'fail-on': { type: 'string', default: 'error' } },
  });
  const { LINT_EXPORTS } = await import('../../quality/export/registry');
  const format = Object.hasOwn(LINT_EXPORTS, values.format) ? LINT_EXPORTS[values.format as keyof typeof LINT_EXPORTS] : undefined;
  if (!format) throw new UsageError(`--format: '${values.format}' is not one of ${Object.keys(LINT_EXPORTS).join(', ')}`);
  const failOn = Object.hasOwn(FAIL_ON, values['fail-on']) ? FAIL_ON[values['fail-on'] as keyof typeof FAIL_ON] : undefined;
  if (!failOn) throw new UsageError(`--fail-on: '${values['fail-on']}' is not one of ${Object.keys(FAIL_ON).join(', ')}`);
  const { LintRequestSchema } = await import('../../quality/schemas');
  const body = LintRequestSchema.safeParse({ serverList: (await readToolSources(positionals, io.cwd, io.env, io.signal)).serverList });
  if (!body.success) throw new UsageError(`the tools are invalid: ${body.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const { loadLintTools } = await import('../../quality/input');
  const { lintTools } = await import('../../quality/lint');
  let loaded;
  try {
    loaded = await loadLintTools(body.data, io.signal);
  } catch (err) {
    // The servers were listed already: what fails here is the input (no tools at all).
    if (err instanceof AppError && err.status < 500) throw new UsageError(err.message);
    throw err;
  }
  const report = lintTools(loaded.tools);
  const text = format.render(report);
  if (values.out) {
    const file = path.resolve(io.cwd, values.out);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  } else io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  const counts = report.summary.bySeverity;
  io.stderr.write(`${report.summary.toolCount} tool(s): ${counts.error} error(s), ${counts.warning} warning(s), ${counts.info} note(s); mean score ${report.summary.meanToolScore.toFixed(0)}\n`);
  return (failOn as readonly string[]).some((s) => (counts[s as keyof typeof counts] ?? 0) > 0) ? EXIT.gateFailed : EXIT.ok;
}
