import { z } from 'zod';

/**
 * What another page hands to /experiments/new: the variants to try and the tools whose test
 * cases to select. Small payloads travel in the URL (`?p=`, base64url JSON, so a link can be
 * shared); larger ones in sessionStorage under `?prefill=<id>`. Both are untrusted input:
 * parsed with a schema, and anything malformed is ignored rather than half-applied.
 */
const ToolRefSchema = z.object({ server: z.string().min(1).max(200), tool: z.string().min(1).max(200) });

const PrefillChangeSchema = z.object({
  server: z.string().min(1).max(200),
  tool: z.string().min(1).max(200),
  description: z.string().max(10_000).optional(),
  name: z.string().min(1).max(200).optional(),
  /** Where the text came from, shown next to the editor ("rule-based", "written by the LLM"). */
  source: z.string().max(60).optional(),
});

export const PrefillSchema = z.object({
  name: z.string().max(200).optional(),
  variants: z.array(z.object({ name: z.string().min(1).max(60), changes: z.array(PrefillChangeSchema).max(50) })).min(1).max(5),
  /** Select the test cases that expect one of these tools (instead of every case of the servers). */
  focusTools: z.array(ToolRefSchema).max(50).optional(),
});

export type Prefill = z.infer<typeof PrefillSchema>;
export type PrefillChange = z.infer<typeof PrefillChangeSchema>;
export type ToolRef = z.infer<typeof ToolRefSchema>;

export const PREFILL_STORAGE_PREFIX = 'mcp-eval.experiments.prefill.';
/** Longer URLs are still valid but unwieldy to share and may be cut by proxies. */
const MAX_URL_PAYLOAD = 1800;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string | null {
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function parsePrefill(json: string | null | undefined): Prefill | null {
  if (!json) return null;
  try {
    const parsed = PrefillSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `?p=` (inline) or `?prefill=` (a sessionStorage id) of /experiments/new, or null. */
export function readPrefill(params: URLSearchParams, storage: Pick<Storage, 'getItem'> | null): Prefill | null {
  const inline = params.get('p');
  if (inline) return parsePrefill(fromBase64Url(inline));
  const id = params.get('prefill');
  if (id && /^[a-z0-9-]{1,64}$/i.test(id) && storage) {
    try {
      return parsePrefill(storage.getItem(PREFILL_STORAGE_PREFIX + id));
    } catch {
      return null;
    }
  }
  return null;
}

/** The href that opens the form with this payload; stores it in sessionStorage when it is too long for the URL. */
export function prefillHref(prefill: Prefill, storage: Pick<Storage, 'setItem'> | null, makeId: () => string = randomId): string {
  const json = JSON.stringify(prefill);
  const inline = toBase64Url(json);
  if (inline.length <= MAX_URL_PAYLOAD || !storage) return `/experiments/new?p=${inline}`;
  const id = makeId();
  try {
    storage.setItem(PREFILL_STORAGE_PREFIX + id, json);
    return `/experiments/new?prefill=${id}`;
  } catch {
    return `/experiments/new?p=${inline}`; // storage full or disabled: a long URL still works
  }
}

function randomId(): string {
  return Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
}

/** "server/tool" ids of the similarity analysis and run advice, split at the first slash. */
export function splitToolId(id: string): ToolRef | null {
  const slash = id.indexOf('/');
  if (slash <= 0 || slash === id.length - 1) return null;
  return { server: id.slice(0, slash), tool: id.slice(slash + 1) };
}
