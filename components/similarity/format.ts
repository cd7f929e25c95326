/** Scores are 0..1; shown with two decimals, n/a when a dimension does not apply. */
export function score(value: number | null | undefined): string {
  return value === null || value === undefined ? 'n/a' : value.toFixed(2);
}

/** "server/tool" ids split for display; the id is the key, the tool name is what people read. */
export function splitId(id: string): { server: string; name: string } {
  const slash = id.indexOf('/');
  return slash < 0 ? { server: '', name: id } : { server: id.slice(0, slash), name: id.slice(slash + 1) };
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? word : many}`;
}

/** A colour for a 0..1 score: pale blue-grey when low, deep red at 1. */
export function heatColor(value: number): string {
  const v = Math.min(1, Math.max(0, value));
  const hue = 220 - 220 * v;
  const light = 96 - 52 * v;
  const sat = 30 + 50 * v;
  return `hsl(${hue.toFixed(0)} ${sat.toFixed(0)}% ${light.toFixed(0)}%)`;
}

export function textOn(value: number): string {
  return value > 0.72 ? '#fff' : '#1d1d22';
}
