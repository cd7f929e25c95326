/**
 * Numbers rounded to 12 significant digits, deep: sums of doubles taken in another row order (another
 * database, another write order) may differ in the last bits; 12 digits is what the metrics promise.
 */
export function roundNumbers(value: unknown): unknown {
  if (typeof value === 'number') return Number(value.toPrecision(12));
  if (Array.isArray(value)) return value.map(roundNumbers);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundNumbers(v)]));
  return value;
}
