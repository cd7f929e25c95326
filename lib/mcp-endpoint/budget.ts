/**
 * Tool results are read by a model, so each stays under a byte budget (a proxy for tokens):
 * lists drop trailing items and say where to continue, single objects shorten long strings
 * and arrays. The metadata travels inside the JSON text so every client shows it.
 */

export const LIST_BUDGET_BYTES = 2 * 1024;
export const OBJECT_BUDGET_BYTES = 5 * 1024;

export type ResultMetadata = {
  /** UTF-8 size of the whole JSON text, metadata included. */
  bytes: number;
  budgetBytes: number;
  truncated: boolean;
  executionMs: number;
  requestId: string;
  hint?: string;
};

export type CallInfo = { requestId: string; startedAt: number };
export type Rendered = { text: string; metadata: ResultMetadata };

const size = (text: string) => Buffer.byteLength(text, 'utf8');

/** Serialises body + metadata, with `bytes` equal to the size of the text that carries it. */
export function render(body: Record<string, unknown>, budgetBytes: number, info: CallInfo, extra: { truncated: boolean; hint?: string }): Rendered {
  const metadata: ResultMetadata = {
    bytes: 0,
    budgetBytes,
    truncated: extra.truncated,
    executionMs: Math.round(performance.now() - info.startedAt),
    requestId: info.requestId,
    ...(extra.hint ? { hint: extra.hint } : {}),
  };
  let text = '';
  // The count's own digits change the size: settle in a couple of rounds.
  for (let i = 0; i < 4; i++) {
    text = JSON.stringify({ ...body, metadata });
    if (metadata.bytes === size(text)) break;
    metadata.bytes = size(text);
  }
  return { text, metadata };
}

const ELLIPSIS = '…';

/** Long strings cut, long arrays cut with a note of how many were left out, deep nesting elided. */
export function shorten(value: unknown, maxString: number, maxArray: number, depth = 0): unknown {
  if (typeof value === 'string') return value.length > maxString ? `${value.slice(0, maxString)}${ELLIPSIS}` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return ELLIPSIS;
  if (Array.isArray(value)) {
    const kept = value.slice(0, maxArray).map((v) => shorten(v, maxString, maxArray, depth + 1));
    return value.length > maxArray ? [...kept, `${ELLIPSIS} ${value.length - maxArray} more`] : kept;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v, maxString, maxArray, depth + 1)]));
}

export type ListPage<T> = { items: T[]; total: number; limit: number; offset: number };

/** Keeps the longest prefix of the page that fits; the hint says which offset continues. */
export function fitList<T>(page: ListPage<T>, info: CallInfo, budgetBytes = LIST_BUDGET_BYTES): Rendered {
  const items = page.items.map((item) => shorten(item, 300, 20));
  const body = (n: number) => {
    const shown = items.slice(0, n);
    const next = page.offset + n;
    return { items: shown, total: page.total, limit: page.limit, offset: page.offset, returned: n, nextOffset: next < page.total ? next : null };
  };
  const full = render(body(items.length), budgetBytes, info, { truncated: false });
  if (full.metadata.bytes <= budgetBytes) return full;
  for (let n = items.length - 1; n >= 0; n--) {
    const next = page.offset + n;
    const hint = `truncated at ${budgetBytes / 1024} KB: ${n} of ${items.length} items shown; call again with offset=${next}${n > 0 ? ` and limit=${n}` : ''} to continue`;
    const out = render(body(n), budgetBytes, info, { truncated: true, hint });
    if (out.metadata.bytes <= budgetBytes) return out;
  }
  return render(body(0), budgetBytes, info, { truncated: true, hint: `truncated at ${budgetBytes / 1024} KB: narrow the filters` });
}

const SHRINK_STEPS: [maxString: number, maxArray: number][] = [
  [1000, 50],
  [400, 20],
  [160, 10],
  [80, 5],
  [40, 3],
  [16, 1],
];

/** A single object or summary: the full value when it fits, else progressively shortened. */
export function fitObject(value: Record<string, unknown>, info: CallInfo, hint: string, budgetBytes = OBJECT_BUDGET_BYTES): Rendered {
  const full = render(value, budgetBytes, info, { truncated: false });
  if (full.metadata.bytes <= budgetBytes) return full;
  const fullHint = `truncated at ${budgetBytes / 1024} KB: long strings and arrays were shortened (marked …); ${hint}`;
  for (const [maxString, maxArray] of SHRINK_STEPS) {
    const out = render(shorten(value, maxString, maxArray) as Record<string, unknown>, budgetBytes, info, { truncated: true, hint: fullHint });
    if (out.metadata.bytes <= budgetBytes) return out;
  }
  const preview = JSON.stringify(value).slice(0, Math.floor(budgetBytes / 2));
  return render({ preview: `${preview}${ELLIPSIS}` }, budgetBytes, info, { truncated: true, hint: fullHint });
}

export type ToolErrorBody = { code: string; message: string; details?: unknown };

export function renderError(error: ToolErrorBody, info: CallInfo): Rendered {
  const body = { error: shorten(error, 1000, 50) as ToolErrorBody };
  return render(body, OBJECT_BUDGET_BYTES, info, { truncated: false });
}
