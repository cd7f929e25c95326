import { convertBfclEntry, multiCallCase, BfclAnswerSchema, BfclEntrySchema, type BfclAnswer } from '../../import/bfcl-convert';
import { parseBfclFile, splitBfclItems } from '../../import/bfcl-files';
import { toolSetName } from '../../import/bfcl';
import type { Suite } from '../suite/schema';
import type { ImportedSuite, SourceFile } from './types';

type SuiteServers = Suite['servers'];
type InlineCase = Extract<Suite['testCases'][number], { name: string }>;

/**
 * BFCL's question files (JSON or JSON Lines, as BFCL ships them) and its possible_answer files
 * -> a suite: one static server per distinct function set (named as POST /api/import/bfcl
 * names it, so both paths share tool sets), one case per entry judged with argumentMatching
 * "bfcl", irrelevance entries as negative cases, multi-call entries as one-turn sequence cases
 * (multiCallCase). Pure: no database.
 */
export function bfclToSuite(files: SourceFile[]): ImportedSuite {
  const entries: unknown[] = [];
  const answers = new Map<string, BfclAnswer>();
  for (const file of files) {
    const split = splitBfclItems(parseBfclFile(file.text, file.name));
    entries.push(...split.entries);
    for (const a of split.answers) {
      const parsed = BfclAnswerSchema.safeParse(a);
      if (parsed.success) answers.set(parsed.data.id, parsed.data);
    }
  }
  const servers: SuiteServers = {};
  const testCases: InlineCase[] = [];
  const report: ImportedSuite['report'] = [];
  const seen = new Set<string>();
  for (const raw of entries) {
    const entry = BfclEntrySchema.safeParse(raw);
    const rawId = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
    const id = entry.success ? entry.data.id : typeof rawId === 'string' ? rawId : null;
    if (!entry.success) {
      const issue = entry.error.issues[0];
      report.push({ id, status: 'skipped', reason: `not a BFCL question object: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}` });
      continue;
    }
    if (seen.has(entry.data.id)) {
      report.push({ id, status: 'skipped', reason: 'a second entry with this id' });
      continue;
    }
    const converted = convertBfclEntry(entry.data, answers.get(entry.data.id));
    if ('reason' in converted) {
      report.push({ id, status: 'skipped', reason: converted.reason });
      continue;
    }
    seen.add(entry.data.id);
    const server = toolSetName(converted.tools);
    servers[server] ??= { transport: 'static', tools: converted.tools };
    const positive = converted.kind === 'positive';
    testCases.push({
      id: entry.data.id,
      name: entry.data.id,
      query: converted.query,
      servers: [server],
      expectedServer: positive ? server : null,
      expectedTool: positive ? converted.expectedTool : null,
      expectedParameters: positive ? converted.expectedParameters : null,
      ...(converted.kind === 'multi' ? multiCallCase(server, converted.calls) : {}),
    });
    const reason =
      converted.kind === 'positive'
        ? `expects ${converted.expectedTool}`
        : converted.kind === 'multi'
          ? `expects ${converted.calls.length} calls in one turn, any order: ${converted.calls.map((c) => c.tool).join(', ')}`
          : 'negative (no call expected)';
    report.push({ id, status: 'imported', reason });
  }
  return { servers, testCases, argumentMatching: 'bfcl', report };
}
