/** Display helpers of the metrics views; each answers an em dash when there is no value. */
export const NONE = '—';

type Maybe = number | null | undefined;

const isMissing = (v: Maybe): v is null | undefined => v === null || v === undefined || Number.isNaN(v);

/** A share as a percentage with one decimal: 0.8 -> "80.0%". */
export function formatRate(value: Maybe): string {
  return isMissing(value) ? NONE : `${(value * 100).toFixed(1)}%`;
}

/** A score in 0..1 with two decimals (confidence). */
export function formatScore(value: Maybe): string {
  return isMissing(value) ? NONE : value.toFixed(2);
}

export function formatCount(value: Maybe): string {
  return isMissing(value) ? NONE : Math.round(value).toLocaleString('en-US');
}

export function formatMs(value: Maybe): string {
  if (isMissing(value)) return NONE;
  return Math.abs(value) < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`;
}

/** A calendar date or timestamp, the same on server and client (no locale, UTC). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return NONE;
  return iso.length > 10 ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : iso;
}

export function shortId(id: string): string {
  return id.slice(0, 8);
}
