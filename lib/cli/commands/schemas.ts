import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { EXIT, type ExitCode } from '../errors';
import type { CliIo } from '../io';
import { ResultsSchema } from '../results/schema';
import { SuiteSchema } from '../suite/schema';

/** The published JSON Schemas, generated from the zod schemas the CLI validates with. */
export function jsonSchemas(): Record<string, unknown> {
  return {
    'suite.schema.json': { $id: 'https://mcp-eval.dev/schemas/suite.schema.json', title: 'mcp-eval suite', ...z.toJSONSchema(SuiteSchema, { io: 'input', unrepresentable: 'any' }) },
    'results.schema.json': { $id: 'https://mcp-eval.dev/schemas/results.schema.json', title: 'mcp-eval results (schemaVersion 1)', ...z.toJSONSchema(ResultsSchema, { io: 'output', unrepresentable: 'any' }) },
  };
}

/** `mcp-eval schemas [--write]`: prints them, or writes them to schemas/ (npm run schemas). */
export async function schemasCommand(args: string[], io: CliIo): Promise<ExitCode> {
  const schemas = jsonSchemas();
  if (args.includes('--write')) {
    // The launcher runs from the package folder: schemas/ is next to bin/.
    for (const [name, schema] of Object.entries(schemas)) fs.writeFileSync(path.join(process.cwd(), 'schemas', name), `${JSON.stringify(schema, null, 2)}\n`);
    io.stdout.write(`wrote ${Object.keys(schemas).map((n) => `schemas/${n}`).join(', ')}\n`);
  } else io.stdout.write(`${JSON.stringify(schemas, null, 2)}\n`);
  return EXIT.ok;
}
