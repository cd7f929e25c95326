import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { parseMcpConfig } from '../../servers/mcp-config';
import { ServerInputSchema, type ServerInput } from '../../servers/schemas';
import { getTestCaseFormat } from '../../test-cases/formats/registry';
import type { TestCaseFormatId } from '../../test-cases/formats/types';
import { SuiteError, type SuiteProblem } from '../errors';
import { parseLocated, problemAt, type LocatedDocument } from './located';
import { substituteDeep } from './placeholders';
import { SuiteCaseSchema, SuiteSchema, type Gates, type InlineCase, type Suite } from './schema';

export type ResolvedCase = Omit<InlineCase, 'id' | 'argumentMatching'> & { id: string; argumentMatching: 'strict' | 'bfcl' };
export type ResolvedSuite = {
  file: string;
  name: string;
  servers: { name: string; input: ServerInput }[];
  cases: ResolvedCase[];
  models: Suite['models'];
  samples: number;
  concurrency: number;
  gates: Gates;
  /** gates.baseline resolved against the suite's folder. */
  baselineFile: string | null;
};

type Env = Readonly<Record<string, string | undefined>>;

function readText(file: string, where: () => SuiteProblem): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new SuiteError([{ ...where(), message: `cannot read ${file} (${code})` }]);
  }
}

function zodProblems(doc: LocatedDocument, error: z.ZodError, prefix: (string | number)[] = []): SuiteProblem[] {
  return error.issues.map((i) => problemAt(doc, [...prefix, ...i.path], i.message));
}

/** Reads, validates and resolves a suite: files it names are read, placeholders filled in. */
export function loadSuite(file: string, env: Env): ResolvedSuite {
  const absolute = path.resolve(file);
  const doc = parseLocated(absolute, readText(absolute, () => ({ file: absolute, line: null, field: '', message: '' })));
  const parsed = SuiteSchema.safeParse(doc.value);
  if (!parsed.success) throw new SuiteError(zodProblems(doc, parsed.error));
  const suite = parsed.data;
  const dir = path.dirname(absolute);
  const problems: SuiteProblem[] = [];
  const servers = resolveServers(doc, suite, dir, env, problems);
  const cases = resolveCases(doc, suite, dir, problems);
  checkReferences(doc, suite, cases, problems);
  if (problems.length) throw new SuiteError(problems);
  return {
    file: absolute,
    name: suite.name ?? path.basename(absolute).replace(/\.(ya?ml|json)$/i, ''),
    servers,
    cases,
    models: suite.models,
    samples: suite.samples,
    concurrency: suite.concurrency,
    gates: suite.gates,
    baselineFile: suite.gates.baseline ? path.resolve(dir, suite.gates.baseline) : null,
  };
}

function resolveServers(doc: LocatedDocument, suite: Suite, dir: string, env: Env, problems: SuiteProblem[]): ResolvedSuite['servers'] {
  const out: ResolvedSuite['servers'] = [];
  for (const [name, entry] of Object.entries(suite.servers)) {
    const at = ['servers', name];
    if ('transport' in entry && entry.transport === 'static') {
      let tools: unknown = entry.tools;
      if (entry.toolsFile) {
        const toolsPath = path.resolve(dir, entry.toolsFile);
        const text = readText(toolsPath, () => problemAt(doc, [...at, 'toolsFile'], ''));
        try {
          const json = JSON.parse(text) as unknown;
          tools = Array.isArray(json) ? json : ((json as { tools?: unknown }).tools ?? json);
        } catch (err) {
          problems.push(problemAt(doc, [...at, 'toolsFile'], `${toolsPath} is not JSON: ${(err as Error).message}`));
          continue;
        }
      }
      const input = ServerInputSchema.safeParse({ name, transport: 'static', tools });
      if (input.success) out.push({ name, input: input.data });
      else problems.push(...zodProblems(doc, input.error, at));
      continue;
    }
    const filled = substituteDeep(entry, env, (variable, p) => problems.push(problemAt(doc, [...at, ...p], `environment variable ${variable} is not set`))) as Record<string, unknown>;
    const [parsed] = parseMcpConfig({ servers: { [name]: filled } }).entries;
    if (!parsed || 'error' in parsed) problems.push(problemAt(doc, at, parsed?.error ?? 'invalid server'));
    else out.push({ name, input: parsed.input });
  }
  return out;
}

const FORMAT_BY_EXTENSION: Record<string, TestCaseFormatId> = { '.json': 'json', '.jsonl': 'jsonl', '.ndjson': 'jsonl', '.csv': 'csv' };
const CASE_FIELDS = ['id', 'name', 'query', 'servers', 'expectedServer', 'expectedTool', 'expectedParameters', 'argumentMatching', 'mode', 'expectedCalls', 'callOrder', 'context', 'forbiddenTools', 'maxSteps', 'execute', 'mockResults'] as const;

function resolveCases(doc: LocatedDocument, suite: Suite, dir: string, problems: SuiteProblem[]): ResolvedCase[] {
  const cases: ResolvedCase[] = [];
  suite.testCases.forEach((entry, index) => {
    const at = ['testCases', index];
    if (!('file' in entry)) {
      cases.push({ ...entry, id: entry.id ?? entry.name, argumentMatching: entry.argumentMatching ?? suite.argumentMatching });
      return;
    }
    const casePath = path.resolve(dir, entry.file);
    const format = FORMAT_BY_EXTENSION[path.extname(casePath).toLowerCase()];
    if (!format) {
      problems.push(problemAt(doc, [...at, 'file'], `unknown test case file type ${path.extname(casePath) || '(none)'}: use .json, .jsonl or .csv`));
      return;
    }
    let rows;
    try {
      rows = getTestCaseFormat(format).parse(readText(casePath, () => problemAt(doc, [...at, 'file'], '')));
    } catch (err) {
      if (err instanceof SuiteError) throw err;
      problems.push(problemAt(doc, [...at, 'file'], `${casePath}: ${(err as Error).message}`));
      return;
    }
    for (const row of rows) {
      const where = (message: string) => problems.push({ file: casePath, line: row.row, field: `${entry.file} row ${row.row}`, message });
      if ('error' in row) {
        where(row.error);
        continue;
      }
      const picked = Object.fromEntries(CASE_FIELDS.filter((k) => row.value[k] !== undefined).map((k) => [k, row.value[k]]));
      const valid = SuiteCaseSchema.safeParse(picked);
      if (!valid.success || 'file' in valid.data) {
        where(valid.success ? 'not a test case' : valid.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
        continue;
      }
      const c = valid.data;
      cases.push({ ...c, id: c.id ?? c.name, argumentMatching: c.argumentMatching ?? suite.argumentMatching });
    }
  });
  return cases;
}

function checkReferences(doc: LocatedDocument, suite: Suite, cases: ResolvedCase[], problems: SuiteProblem[]): void {
  const known = new Set(Object.keys(suite.servers));
  const seen = new Set<string>();
  cases.forEach((c, index) => {
    const at = ['testCases', index];
    for (const s of c.servers) if (!known.has(s)) problems.push(problemAt(doc, [...at, 'servers'], `unknown server '${s}' (the suite has: ${[...known].join(', ')})`));
    if (c.expectedServer !== null && !c.servers.includes(c.expectedServer)) problems.push(problemAt(doc, [...at, 'expectedServer'], `'${c.expectedServer}' is not one of the case's servers`));
    if ((c.expectedServer === null) !== (c.expectedTool === null)) problems.push(problemAt(doc, [...at, 'expectedTool'], 'expectedServer and expectedTool are set together, or both null for a negative case'));
    if (seen.has(c.id)) problems.push(problemAt(doc, at, `duplicate test case id '${c.id}' (ids key the baseline; give the case an id)`));
    seen.add(c.id);
  });
}
