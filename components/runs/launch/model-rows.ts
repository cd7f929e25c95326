import { ModelConfigSchema, type ModelConfig, type ProviderId } from '@/lib/providers/types';
import { PROVIDER_CHOICES, providerChoice } from './providers';
import { usesSetting, type UnusedSetting } from '@/lib/providers/catalog';

/** One row of the model matrix as typed: numbers stay text until submitted; empty means the server default. */
export type ModelRow = {
  key: string;
  provider: ProviderId;
  model: string;
  baseUrl: string;
  systemPrompt: string;
  timeout: string;
  temperature: string;
  maxRetries: string;
};

export type RowErrors = Partial<Record<'model' | 'baseUrl' | 'systemPrompt' | 'timeout' | 'temperature' | 'maxRetries', string>>;

const ROW_FIELDS = ['model', 'baseUrl', 'systemPrompt', 'timeout', 'temperature', 'maxRetries'] as const satisfies readonly (keyof RowErrors)[];

/** The schema's messages are terse ("Too big: expected number to be <=2"); say what is allowed. */
const FRIENDLY: Partial<Record<keyof RowErrors, string>> = {
  model: 'A model name is required (up to 200 characters).',
  baseUrl: 'Not a valid URL: include http:// or https://.',
  systemPrompt: 'At most 20,000 characters.',
  timeout: 'A whole number of seconds from 1 to 300.',
  temperature: 'A number from 0 to 2.',
  maxRetries: 'A whole number from 0 to 10.',
};

let counter = 0;

export function newModelRow(provider: ProviderId = 'local'): ModelRow {
  counter += 1;
  return { key: `row-${counter}`, provider, model: providerChoice(provider).models[0] ?? '', baseUrl: '', systemPrompt: '', timeout: '', temperature: '', maxRetries: '' };
}

/** "+ Add model" starts from the last row: comparing models usually changes one setting, not all of them. */
export function copyModelRow(row: ModelRow): ModelRow {
  return { ...row, key: newModelRow(row.provider).key };
}

/** Switching provider swaps the model name too, unless the user typed their own. */
export function withProvider(row: ModelRow, provider: ProviderId): ModelRow {
  const suggested = PROVIDER_CHOICES.some((p) => p.models[0] === row.model) || row.model.trim() === '';
  return { ...row, provider, model: suggested ? (providerChoice(provider).models[0] ?? '') : row.model };
}

function num(text: string): number | undefined {
  const t = text.trim();
  return t === '' ? undefined : Number(t);
}

/** The row as a ModelConfig, validated by the same schema the API uses. */
export function toModelConfig(row: ModelRow): { config: ModelConfig; errors: null } | { config: null; errors: RowErrors } {
  // A setting the provider has no use for (hidden in the form) is not sent, even if typed before a provider switch.
  const uses = (setting: UnusedSetting) => usesSetting(row.provider, setting);
  const candidate = {
    provider: row.provider,
    model: row.model,
    ...(uses('baseUrl') && row.baseUrl.trim() ? { baseUrl: row.baseUrl.trim() } : {}),
    ...(uses('systemPrompt') && row.systemPrompt.trim() ? { systemPrompt: row.systemPrompt } : {}),
    timeout: num(row.timeout),
    temperature: uses('temperature') ? num(row.temperature) : undefined,
    maxRetries: uses('maxRetries') ? num(row.maxRetries) : undefined,
  };
  const parsed = ModelConfigSchema.safeParse(candidate);
  const errors: RowErrors = {};
  // The schema checks this only once every field is valid; say it together with the rest.
  if (providerChoice(row.provider).baseUrlRequired && !row.baseUrl.trim()) errors.baseUrl = `A base URL is required for ${row.provider}.`;
  if (parsed.success && !errors.baseUrl) return { config: parsed.data, errors: null };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = ROW_FIELDS.find((f) => f === issue.path[0]) ?? 'model';
    errors[field] ??= FRIENDLY[field] ?? issue.message;
  }
  return { config: null, errors };
}
