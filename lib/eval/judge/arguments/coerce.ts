/**
 * Lenient readings of scalar argument values. Models often stringify scalars ("3", "true")
 * even when the schema says number/boolean; type conformance already penalises that, so the
 * value comparison looks at what was meant.
 */

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A finite number, or a decimal string of one ("3", " 2.5 ", "1e3"); hex, "", "Infinity" are not numbers here. */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!DECIMAL.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** A boolean, or the strings "true"/"false" in any case. 0/1 and "yes"/"no" are not booleans. */
export function readBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  return text === 'true' ? true : text === 'false' ? false : null;
}

export function normalizeText(value: string): string {
  return value.normalize('NFC').trim().toLowerCase();
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
