import type { BatchDto, TestRunDto } from '@/components/data/types';

/** Display helpers shared by the runs pages; every one answers an em dash for "no value". */
export const NONE = '—';

export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return NONE;
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined) return NONE;
  return `${Math.round(value * 100)}%`;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return NONE;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatTokens(input: number | null, output: number | null): string {
  if (input === null && output === null) return NONE;
  return `${(input ?? 0).toLocaleString()} in / ${(output ?? 0).toLocaleString()} out`;
}

/** "server/tool", or a phrase for no tool at all. */
export function toolLabel(server: string | null | undefined, tool: string | null | undefined, none = 'no tool'): string {
  if (!tool) return none;
  return server ? `${server}/${tool}` : tool;
}

export function modelLabel(settings: TestRunDto['modelSettings']): string {
  return settings ? `${settings.provider} · ${settings.model}` : NONE;
}

/** A batch stores its model configs as JSON; read just what a label needs. */
export function batchModelLabels(batch: Pick<BatchDto, 'models'>): string[] {
  return batch.models.map((m) => {
    if (typeof m !== 'object' || m === null) return '?';
    const { provider, model } = m as { provider?: unknown; model?: unknown };
    return `${typeof provider === 'string' ? provider : '?'} · ${typeof model === 'string' ? model : '?'}`;
  });
}

/** The model names of a batch's configs, for suggestions. */
export function batchModelNames(batch: Pick<BatchDto, 'models'>): string[] {
  return batch.models.flatMap((m) => (typeof m === 'object' && m !== null && typeof (m as { model?: unknown }).model === 'string' ? [(m as { model: string }).model] : []));
}

export function shortId(id: string): string {
  return id.slice(0, 8);
}
