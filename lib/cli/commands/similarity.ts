import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, UsageError, type ExitCode } from '../errors';
import type { CliIo } from '../io';
import { keyHeaders } from '../keys';
import { readToolSources } from './tool-sources';

/** The similarity report over tool files or suites, in the report formats (json, csv, md, html). */
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
  const { SimilarityRequestSchema } = await import('../../similarity/schemas');
  const threshold = values.threshold === undefined ? undefined : Number(values.threshold);
  const body = SimilarityRequestSchema.safeParse({
    ...readToolSources(positionals, io.cwd, io.env),
    ...(threshold === undefined ? {} : { similarityThreshold: threshold }),
    ...(values.method ? { method: values.method } : {}),
    ...(values['embedding-model'] ? { embeddingModel: values['embedding-model'] } : {}),
    duplicateIds: 'number',
  });
  if (!body.success) throw new UsageError(body.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
  // Models and converted word vectors are cached in a data dir: the given one, or a temporary one.
  const temp = values['data-dir'] ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-sim-'));
  io.env.DATA_DIR = values['data-dir'] ? path.resolve(io.cwd, values['data-dir']) : (temp as string);
  io.env.LOG_LEVEL ??= 'silent';
  try {
    const { similarityReport } = await import('../../similarity/service');
    const report = await similarityReport(body.data, { headers: keyHeaders(io.env), signal: io.signal }, values.format, 'pairs');
    const text = typeof report.body === 'string' ? report.body : await new Response(report.body).text();
    if (values.out) fs.writeFileSync(path.resolve(io.cwd, values.out), text);
    else io.stdout.write(text);
    const { analyzeSimilarity } = await import('../../similarity/service');
    if (!values['fail-on-flagged']) return EXIT.ok;
    const result = await analyzeSimilarity(body.data, { headers: keyHeaders(io.env), signal: io.signal });
    return result.pairs.some((p) => p.flagged) ? EXIT.gateFailed : EXIT.ok;
  } finally {
    if (temp) {
      (await import('@/db/client')).closeDb();
      fs.rmSync(temp, { recursive: true, force: true });
    }
  }
}
