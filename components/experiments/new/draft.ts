import type { ApiKeyInputs } from '@/components/runs/launch/api-keys';
import { toModelConfig, type ModelRow, type RowErrors } from '@/components/runs/launch/model-rows';
import { providerChoice, type KeySlot } from '@/components/runs/launch/providers';
import type { ModelConfig } from '@/lib/providers/types';
import { BASELINE, MAX_DESCRIPTION, MAX_EXPERIMENT_CONCURRENCY, MAX_EXPERIMENT_MODELS, MAX_EXPERIMENT_SAMPLES, MAX_VARIANTS, type ExperimentRequest, type ToolChange } from '../types';

/** One changed tool as typed. `original*` are the live values (null until the tool list loads). */
export type DraftChange = {
  key: string;
  server: string;
  tool: string;
  description: string;
  rename: string;
  /** JSON of a replacement inputSchema; empty keeps the tool's own. */
  schemaText: string;
  originalDescription: string | null;
  source?: string;
};

export type DraftVariant = { key: string; name: string; changes: DraftChange[] };

export type ExperimentDraft = {
  name: string;
  variants: DraftVariant[];
  caseIds: string[];
  /** The selection is the API's own default (the cases of the changed tools' servers): send no ids, the API resolves them at creation. */
  apiDefaultCases?: boolean;
  rows: ModelRow[];
  samples: string;
  concurrency: string;
  keys: ApiKeyInputs;
};

export type ChangeErrors = Partial<Record<'tool' | 'description' | 'rename' | 'schema', string>>;
export type VariantErrors = { name?: string; changes?: string; byChange: Record<string, ChangeErrors> };

export type DraftErrors = {
  name?: string;
  variants: Record<string, VariantErrors>;
  variantList?: string;
  cases?: string;
  models?: string;
  rows: Record<string, RowErrors>;
  samples?: string;
  concurrency?: string;
  keys: Partial<Record<KeySlot, string>>;
};

/** MCP tool names: letters, digits, `_`, `-` and `.`, 1-128 characters. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

let counter = 0;
export function nextKey(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

export function newChange(server = '', tool = '', description = '', source?: string): DraftChange {
  return { key: nextKey('change'), server, tool, description, rename: '', schemaText: '', originalDescription: null, ...(source ? { source } : {}) };
}

export function newVariant(name: string, changes: DraftChange[] = [newChange()]): DraftVariant {
  return { key: nextKey('variant'), name, changes };
}

/** "rewrite", "rewrite 2", ...: the first free name. */
export function freeVariantName(variants: DraftVariant[], base = 'rewrite'): string {
  const taken = new Set(variants.map((v) => v.name.trim()));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base} ${i}`)) return `${base} ${i}`;
}

function intIn(text: string, min: number, max: number): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

function parseSchema(text: string): { schema: Record<string, unknown> | null; error?: string } {
  if (!text.trim()) return { schema: null };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { schema: null, error: 'The input schema must be a JSON object.' };
    if ((value as { type?: unknown }).type !== 'object') return { schema: null, error: 'The input schema must have "type": "object".' };
    return { schema: value as Record<string, unknown> };
  } catch (err) {
    return { schema: null, error: `Not valid JSON: ${err instanceof Error ? err.message : 'parse error'}` };
  }
}

/** The change as the API takes it: only the fields that differ from the tool as listed now; null when nothing does. */
export function toChange(c: DraftChange): { change: ToolChange | null; errors: ChangeErrors } {
  const errors: ChangeErrors = {};
  if (!c.server || !c.tool) errors.tool = 'Choose a server and a tool.';
  const rename = c.rename.trim();
  if (rename && !TOOL_NAME.test(rename)) errors.rename = 'Letters, digits, _, - and . only (1-128 characters).';
  if (c.description.length > MAX_DESCRIPTION) errors.description = `At most ${MAX_DESCRIPTION.toLocaleString('en')} characters.`;
  const { schema, error } = parseSchema(c.schemaText);
  if (error) errors.schema = error;
  if (Object.keys(errors).length) return { change: null, errors };
  const descriptionChanged = c.originalDescription === null ? c.description.trim() !== '' : c.description !== c.originalDescription;
  const change: ToolChange = {
    server: c.server,
    tool: c.tool,
    ...(descriptionChanged ? { description: c.description } : {}),
    ...(rename && rename !== c.tool ? { name: rename } : {}),
    ...(schema ? { inputSchema: schema } : {}),
  };
  const changed = Object.keys(change).length > 2;
  return { change: changed ? change : null, errors };
}

/** The body to post, or what to fix. Mirrors the contract's rules so mistakes show next to their field. */
export function validateExperiment(d: ExperimentDraft): { body: ExperimentRequest; errors: null } | { body: null; errors: DraftErrors } {
  const errors: DraftErrors = { variants: {}, rows: {}, keys: {} };
  if (d.name.length > 200) errors.name = 'At most 200 characters.';

  if (d.variants.length === 0) errors.variantList = 'Add a variant: the tools to change.';
  if (d.variants.length > MAX_VARIANTS) errors.variantList = `At most ${MAX_VARIANTS} variants.`;
  const names = new Map<string, number>();
  // Compared as the API compares them: trimmed, ignoring case.
  const norm = (n: string) => n.trim().toLowerCase();
  for (const v of d.variants) names.set(norm(v.name), (names.get(norm(v.name)) ?? 0) + 1);
  const variants: ExperimentRequest['variants'] = [];
  for (const v of d.variants) {
    const ve: VariantErrors = { byChange: {} };
    const name = v.name.trim();
    if (!name || name.length > 60) ve.name = 'A name of 1-60 characters.';
    else if (norm(name) === BASELINE) ve.name = `“${BASELINE}” is the unchanged baseline; choose another name.`;
    else if ((names.get(norm(name)) ?? 0) > 1) ve.name = 'Another variant has this name.';
    const changes: ToolChange[] = [];
    const seen = new Set<string>();
    for (const c of v.changes) {
      const r = toChange(c);
      const id = `${c.server}/${c.tool}`;
      if (c.server && c.tool && seen.has(id)) r.errors.tool = 'This tool is already changed in this variant.';
      seen.add(id);
      if (Object.keys(r.errors).length) ve.byChange[c.key] = r.errors;
      else if (r.change) changes.push(r.change);
    }
    if (!Object.keys(ve.byChange).length && changes.length === 0) ve.changes = 'Change at least one tool: its description, name or schema.';
    if (ve.name || ve.changes || Object.keys(ve.byChange).length) errors.variants[v.key] = ve;
    else variants.push({ name, changes });
  }

  if (d.caseIds.length === 0) errors.cases = 'Choose at least one test case.';

  const models: ModelConfig[] = [];
  for (const row of d.rows) {
    const r = toModelConfig(row);
    if (r.config) models.push(r.config);
    else errors.rows[row.key] = r.errors;
  }
  if (d.rows.length === 0 || d.rows.length > MAX_EXPERIMENT_MODELS) errors.models = `An experiment compares 1-${MAX_EXPERIMENT_MODELS} models.`;
  // Each model is one side of the pairing, so the same config twice would pair a run with itself.
  else if (new Set(models.map((m) => JSON.stringify(m))).size < models.length) errors.models = 'The same model is listed twice; change or remove one.';
  for (const row of d.rows) {
    const key = providerChoice(row.provider).key;
    if (key?.required && !d.keys[key.slot].trim() && !d.keys.generic.trim()) errors.keys[key.slot] = `Needed for the ${row.provider} model (or fill the generic key).`;
  }
  const samples = intIn(d.samples, 1, MAX_EXPERIMENT_SAMPLES);
  if (samples === null) errors.samples = `A whole number from 1 to ${MAX_EXPERIMENT_SAMPLES}.`;
  const concurrency = intIn(d.concurrency, 1, MAX_EXPERIMENT_CONCURRENCY);
  if (concurrency === null) errors.concurrency = `A whole number from 1 to ${MAX_EXPERIMENT_CONCURRENCY}.`;

  const failed =
    errors.name || errors.variantList || errors.cases || errors.models || errors.samples || errors.concurrency ||
    Object.keys(errors.variants).length || Object.keys(errors.rows).length || Object.keys(errors.keys).length;
  if (failed || samples === null || concurrency === null) return { body: null, errors };
  return {
    body: { ...(d.name.trim() ? { name: d.name.trim() } : {}), ...(d.apiDefaultCases ? {} : { testCaseIds: d.caseIds }), models, samples, concurrency, variants },
    errors: null,
  };
}

export function hasErrors(e: DraftErrors): boolean {
  return Boolean(
    e.name || e.variantList || e.cases || e.models || e.samples || e.concurrency ||
      Object.keys(e.variants).length || Object.keys(e.rows).length || Object.keys(e.keys).length,
  );
}
