import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { ValidationError } from '../../errors';
import { ModelConfigSchema } from '../../providers/types';
import { EXIT, SuiteError, UsageError, type ExitCode } from '../errors';
import type { CliIo } from '../io';
import { readExistingSuite } from '../import/existing';
import { mergeIntoSuite } from '../import/merge';
import type { ImportedSuite, SourceFile } from '../import/types';
import type { Suite } from '../suite/schema';

export const IMPORT_HELP = `mcp-eval import bfcl|mcp-tef <files...> [--out suite.yaml] [--name text] [--model provider/model]

Turns data sets from the field into a suite file that \`mcp-eval run\` accepts.
  bfcl     BFCL question files (JSON or JSON Lines, e.g. BFCL_v4_simple.json) and their
           possible_answer files, in any order: one static server per distinct function set
           (tools inline), one case per entry with argumentMatching "bfcl", irrelevance
           entries as negative cases.
  mcp-tef  mcp-tef test-case files (one object or an array): servers by URL (\${VAR} kept
           as placeholders), one case per test case.
  --out    the suite file to write (default: standard output); .json writes JSON, else YAML.
           An existing suite keeps its settings and cases and gains the new ones; a case
           it holds already, unchanged, is reported "already imported"
  --model  the suite's model (default local/lexical, offline); edit the file for more
Per entry, what was imported or why not goes to standard error. Exit 0 when at least one
case was imported (or already was), 2 when none was or a file is unreadable.`;

type Importer = (files: SourceFile[]) => ImportedSuite;

const IMPORTERS: Record<string, () => Promise<Importer>> = {
  bfcl: async () => (await import('../import/bfcl-suite')).bfclToSuite,
  'mcp-tef': async () => (await import('../import/mcp-tef-suite')).mcpTefToSuite,
};

export async function importCommand(args: string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { out: { type: 'string' }, name: { type: 'string' }, model: { type: 'string', default: 'local/lexical' } },
  });
  const [kind, ...names] = positionals;
  const load = kind !== undefined && Object.hasOwn(IMPORTERS, kind) ? IMPORTERS[kind] : undefined;
  if (!load) throw new UsageError(`import takes a source first: ${Object.keys(IMPORTERS).join(' or ')} (got ${kind ?? 'nothing'})`);
  if (names.length === 0) throw new UsageError(`import ${kind} takes at least one file`);
  const model = parseModel(values.model);
  const files = names.map((name) => readSource(path.resolve(io.cwd, name), name));

  let imported: ImportedSuite;
  try {
    imported = (await load())(files);
  } catch (err) {
    if (err instanceof ValidationError) throw new SuiteError([{ file: '', line: null, field: kind as string, message: err.message }]);
    throw err;
  }
  const out = values.out ? path.resolve(io.cwd, values.out) : null;
  // Into an existing suite file: its settings and cases stay; cases it holds already are "already imported".
  const existing = out ? readExistingSuite(out) : null;
  const merged = existing ? mergeIntoSuite(imported, existing) : null;
  const report = merged?.report ?? imported.report;
  for (const r of report) io.stderr.write(`${r.status === 'skipped' ? 'skipped ' : r.status} ${r.id ?? '(no id)'}: ${r.reason}\n`);
  const count = report.filter((r) => r.status === 'imported').length;
  const already = report.filter((r) => r.status === 'already imported').length;
  const serverCount = Object.keys(merged?.suite.servers ?? imported.servers).length;
  io.stderr.write(`${count} of ${report.length} entries imported${already ? `, ${already} already imported` : ''}, ${serverCount} server(s)\n`);
  if (count + already === 0) throw new UsageError(`no case could be imported from ${names.join(', ')}`);

  const suite: Suite | NonNullable<typeof merged>['suite'] = merged?.suite ?? {
    name: values.name ?? `${kind} import`,
    servers: imported.servers,
    models: [model],
    samples: 1,
    concurrency: 4,
    argumentMatching: imported.argumentMatching,
    testCases: imported.testCases,
    gates: {},
  };
  const text = out && /\.json$/i.test(out) ? `${JSON.stringify(suite, null, 2)}\n` : stringify(suite, { lineWidth: 0 });
  if (out) {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, text);
    io.stderr.write(`suite written to ${path.relative(io.cwd, out) || out}\n`);
  } else io.stdout.write(text);
  return EXIT.ok;
}

function parseModel(text: string): Suite['models'][number] {
  const slash = text.indexOf('/');
  if (slash <= 0 || slash === text.length - 1) throw new UsageError(`--model: '${text}' is not provider/model`);
  const parsed = ModelConfigSchema.safeParse({ provider: text.slice(0, slash), model: text.slice(slash + 1) });
  if (!parsed.success) throw new UsageError(`--model: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'model'}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

function readSource(file: string, name: string): SourceFile {
  try {
    return { name, text: fs.readFileSync(file, 'utf8') };
  } catch (err) {
    throw new SuiteError([{ file, line: null, field: '', message: `cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})` }]);
  }
}
