import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { AppError } from '../../errors';
import { EXIT, UsageError, type ExitCode } from '../errors';
import type { CliIo } from '../io';
import { keyHeaders } from '../keys';
import { REPORT_FORMAT_IDS } from '../../similarity/report/types';
import { SIMILARITY_METHODS, SimilarityRequestSchema, type SimilarityRequest } from '../../similarity/schemas';
import { describeLiveTools, readToolSources } from './tool-sources';

/** A tool set too large for one JSON document: the upload format of /api/similarity/analyze (ndjson-input.ts), from a file. */
const isNdjsonFile = (file: string) => /\.(ndjson|jsonl)$/i.test(file);

type Overrides = { similarityThreshold?: number; method?: string; embeddingModel?: string };

function checked(input: unknown): SimilarityRequest {
  const body = SimilarityRequestSchema.safeParse(input);
  if (!body.success) throw new UsageError(body.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
  return body.data;
}

/**
 * The request from the positional files: tool files and suites (tool-sources.ts), or one
 * NDJSON file (an options line, then one tool per line) read as a stream by the same parser the
 * API uses, so 100,000 tools never sit in memory as one 30 MB string. Flags override its options.
 */
async function readRequest(files: string[], io: CliIo, overrides: Overrides): Promise<SimilarityRequest> {
  if (!files.some(isNdjsonFile)) {
    const serverList = describeLiveTools(await readToolSources(files, io.cwd, io.env, io.signal), (line) => io.stderr.write(`${line}\n`));
    return checked({ serverList, ...overrides, duplicateIds: 'number' });
  }
  if (files.length > 1) throw new UsageError('an NDJSON file is analysed on its own: give it as the only file');
  const file = path.resolve(io.cwd, files[0]!);
  if (!fs.existsSync(file)) throw new UsageError(`${files[0]}: no such file`);
  const { readNdjsonRequest } = await import('../../similarity/ndjson-input');
  let streamed: SimilarityRequest;
  try {
    streamed = await readNdjsonRequest(Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>);
  } catch (err) {
    // Line errors name the line; as a usage error they name the file too.
    if (err instanceof AppError && err.status < 500) throw new UsageError(`${files[0]}: ${err.message}`);
    throw err;
  }
  // The flags are checked as the options line was, with one tool standing in for the list (which may exceed a JSON body's cap).
  const { toolList, ...options } = streamed;
  const { toolList: _one, ...merged } = checked({ ...options, ...overrides, duplicateIds: 'number', toolList: toolList?.slice(0, 1) });
  return { ...merged, toolList };
}

/** Every option checked before any file is read or server started: a usage error (exit 2) naming the option and what it takes. */
function checkedOptions(values: { format: string; threshold?: string | undefined; method?: string | undefined }): Overrides {
  if (!(REPORT_FORMAT_IDS as readonly string[]).includes(values.format)) throw new UsageError(`--format: '${values.format}' is not one of ${REPORT_FORMAT_IDS.join(', ')}`);
  const threshold = values.threshold === undefined ? undefined : Number(values.threshold);
  if (threshold !== undefined && (values.threshold?.trim() === '' || !Number.isFinite(threshold) || threshold < 0 || threshold > 1)) {
    throw new UsageError(`--threshold: '${values.threshold}' is not a number from 0 to 1`);
  }
  if (values.method !== undefined && !(SIMILARITY_METHODS as readonly string[]).includes(values.method)) throw new UsageError(`--method: '${values.method}' is not one of ${SIMILARITY_METHODS.join(', ')}`);
  return {
    ...(threshold === undefined ? {} : { similarityThreshold: threshold }),
    ...(values.method ? { method: values.method } : {}),
  };
}

/** The similarity report over tool files, suites or one NDJSON file, in the report formats (json, csv, md, html). */
export async function similarityCommand(args: string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'md' },
      out: { type: 'string' },
      threshold: { type: 'string' },
      method: { type: 'string' },
      'embedding-model': { type: 'string' },
      'data-dir': { type: 'string' },
      'fail-on-flagged': { type: 'boolean', default: false },
    },
  });
  const overrides: Overrides = { ...checkedOptions(values), ...(values['embedding-model'] ? { embeddingModel: values['embedding-model'] } : {}) };
  if (positionals.length === 0) throw new UsageError('give at least one tools file or suite file');
  const request = await readRequest(positionals, io, overrides);
  // Models and converted word vectors are cached in a data dir: the given one, or a temporary one.
  const temp = values['data-dir'] ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-sim-'));
  io.env.DATA_DIR = values['data-dir'] ? path.resolve(io.cwd, values['data-dir']) : (temp as string);
  io.env.LOG_LEVEL ??= 'silent';
  try {
    const { similarityReport } = await import('../../similarity/service');
    let flagged = false;
    let report;
    try {
      report = await similarityReport(request, { headers: keyHeaders(io.env), signal: io.signal }, values.format, 'pairs', (result) => (flagged = result.pairs.some((p) => p.flagged)));
    } catch (err) {
      // The tools or options the analysis refuses (empty descriptions, an unknown model): the input's fault, exit 2.
      if (err instanceof AppError && err.status < 500) throw new UsageError(err.message);
      throw err;
    }
    const text = typeof report.body === 'string' ? report.body : await new Response(report.body).text();
    if (values.out) fs.writeFileSync(path.resolve(io.cwd, values.out), text);
    else io.stdout.write(text);
    return values['fail-on-flagged'] && flagged ? EXIT.gateFailed : EXIT.ok;
  } finally {
    if (temp) {
      (await import('@/db/client')).closeDb();
      fs.rmSync(temp, { recursive: true, force: true });
    }
  }
}
