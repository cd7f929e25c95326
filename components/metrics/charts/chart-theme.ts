import type { RenderableText } from 'recharts';

// The palette of globals.css through its custom properties (SVG presentation attributes take var()),
// so charts follow the light or dark scheme; the literal is the light colour, for a page without the sheet.
export const COLOURS = {
  accent: 'var(--accent, #3148c8)',
  accentSoft: 'var(--chart-accent-soft, #8f9de6)',
  ok: 'var(--ok, #127a3a)',
  bad: 'var(--bad, #a61b1b)',
  idle: 'var(--chart-idle, #b08d00)',
  muted: 'var(--chart-muted, #8a8d99)',
  grid: 'var(--line, #e2e3e8)',
  text: 'var(--muted, #5f6270)',
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
