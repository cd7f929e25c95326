import 'server-only';
import { getExperiment, listVariants } from '@/db/queries/experiments';
import type { ExperimentRow } from '@/db/schema';
import { NotFoundError } from '../errors';
import type { Tool } from '../mcp/client';
import { applyToolOverrides, type ToolOverride } from '../eval/run/tool-overrides';
import type { VariantWithBatch } from './dto';
import type { ExportFormat } from './schemas';

/**
 * Adopting a variant outside the harness: an RFC 6902 JSON Patch per server over its tools
 * array as tools/list returned it when the experiment was created, or the full edited lists.
 */

export type JsonPatchOperation = { op: 'add' | 'replace'; path: string; value: unknown };
export type PatchExport = { server: string; operations: JsonPatchOperation[] }[];
export type ToolsExport = { servers: { name: string; tools: Tool[] }[] };

const FIELDS = [
  ['name', 'name'],
  ['description', 'description'],
  ['inputSchema', 'inputSchema'],
  ['annotations', 'annotations'],
] as const satisfies readonly (readonly [keyof ToolOverride, keyof Tool])[];

export async function findVariant(experimentId: string, name: string): Promise<{ experiment: ExperimentRow; variant: VariantWithBatch }> {
  const experiment = await getExperiment(experimentId);
  if (!experiment) throw new NotFoundError('Experiment', experimentId);
  const variant = (await listVariants([experimentId])).find((v) => v.name === name);
  if (!variant) throw new NotFoundError('Variant', name);
  return { experiment, variant };
}

/** The servers a variant changes, each with its baseline listing. */
export function changedServers(experiment: ExperimentRow, changes: readonly ToolOverride[]): { name: string; baseline: Tool[] }[] {
  const names = [...new Set(changes.map((c) => c.server))];
  return names.map((name) => ({ name, baseline: (experiment.baselineTools[name] ?? []) as Tool[] }));
}

function patchOf(baseline: readonly Tool[], changes: readonly ToolOverride[]): JsonPatchOperation[] {
  const operations: JsonPatchOperation[] = [];
  for (const change of changes) {
    const index = baseline.findIndex((t) => t.name === change.tool);
    if (index < 0) continue;
    const tool = baseline[index] as Tool;
    for (const [from, to] of FIELDS) {
      const value = change[from];
      if (value === undefined) continue;
      // add on an object member sets it whether or not it exists; replace says "it was there".
      operations.push({ op: tool[to] === undefined ? 'add' : 'replace', path: `/${index}/${to}`, value });
    }
  }
  return operations;
}

export async function exportVariant(experimentId: string, name: string, format: ExportFormat): Promise<PatchExport | ToolsExport> {
  const { experiment, variant } = await findVariant(experimentId, name);
  const servers = changedServers(experiment, variant.changes);
  if (format === 'patch') {
    return servers.map((s) => ({ server: s.name, operations: patchOf(s.baseline, variant.changes.filter((c) => c.server === s.name)) }));
  }
  return { servers: servers.map((s) => ({ name: s.name, tools: [...applyToolOverrides(s.name, s.baseline, variant.changes)] })) };
}
