import { MAX_CONCURRENCY, MAX_SAMPLES } from '@/lib/eval/api/limits';
import type { ModelConfig } from '@/lib/providers/types';
import type { ApiKeyInputs } from './api-keys';
import { toModelConfig, type ModelRow, type RowErrors } from './model-rows';
import { providerChoice, type KeySlot } from './providers';
import type { CaseSelection } from './test-case-picker';
import type { BatchRequest } from './use-launch-batch';

export type LaunchDraft = { name: string; cases: CaseSelection; rows: ModelRow[]; samples: string; concurrency: string; keys: ApiKeyInputs };

export type LaunchErrors = {
  cases?: string;
  rows: Record<string, RowErrors>;
  samples?: string;
  concurrency?: string;
  keys: Partial<Record<KeySlot, string>>;
};

function intIn(text: string, min: number, max: number): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/** Key slots a matrix reads, to mark the fields. */
export function usedKeySlots(rows: ModelRow[]): Set<KeySlot> {
  return new Set(rows.flatMap((r) => {
    const key = providerChoice(r.provider).key;
    return key ? [key.slot] : [];
  }));
}

/** The body to post, or what to fix first. Mirrors the API's rules so mistakes show next to their field. */
export function validateLaunch(d: LaunchDraft): { body: BatchRequest; errors: null } | { body: null; errors: LaunchErrors } {
  const errors: LaunchErrors = { rows: {}, keys: {} };
  const models: ModelConfig[] = [];
  for (const row of d.rows) {
    const r = toModelConfig(row);
    if (r.config) models.push(r.config);
    else errors.rows[row.key] = r.errors;
  }
  for (const row of d.rows) {
    const key = providerChoice(row.provider).key;
    if (key?.required && !d.keys[key.slot].trim() && !d.keys.generic.trim()) {
      errors.keys[key.slot] = `Needed for the ${row.provider} model (or fill the generic key).`;
    }
  }
  if (d.cases.mode === 'some' && d.cases.ids.length === 0) errors.cases = 'Choose at least one test case, or run them all.';
  const samples = intIn(d.samples, 1, MAX_SAMPLES);
  if (samples === null) errors.samples = `A whole number from 1 to ${MAX_SAMPLES}.`;
  const concurrency = intIn(d.concurrency, 1, MAX_CONCURRENCY);
  if (concurrency === null) errors.concurrency = `A whole number from 1 to ${MAX_CONCURRENCY}.`;

  const failed = errors.cases || errors.samples || errors.concurrency || Object.keys(errors.rows).length || Object.keys(errors.keys).length;
  if (failed || samples === null || concurrency === null) return { body: null, errors };
  return {
    body: {
      ...(d.name.trim() ? { name: d.name.trim() } : {}),
      ...(d.cases.mode === 'some' ? { testCaseIds: d.cases.ids } : {}),
      ...(d.cases.mode === 'matching' ? { filter: d.cases.filter } : {}),
      models,
      samples,
      concurrency,
    },
    errors: null,
  };
}
