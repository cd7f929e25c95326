import type { RenderableText } from 'recharts';

// The palette of globals.css, as literal colours because SVG attributes take them directly.
export const COLOURS = {
  accent: '#3148c8',
  accentSoft: '#8f9de6',
  ok: '#127a3a',
  bad: '#a61b1b',
  idle: '#b08d00',
  muted: '#8a8d99',
  grid: '#e2e3e8',
  text: '#5f6270',
} as const;

export const AXIS_TICK = { fill: COLOURS.text, fontSize: 12 } as const;

/** Chart values are percentages (0-100), or null when a rate has no denominator. */
export const toPercent = (v: number | null): number | null => (v === null ? null : Math.round(v * 1000) / 10);

export function percentLabel(value: RenderableText): RenderableText {
  return typeof value === 'number' ? `${value.toFixed(0)}%` : '';
}

export function percentTooltip(value: unknown): string {
  return typeof value === 'number' ? `${value.toFixed(1)}%` : 'n/a';
}
