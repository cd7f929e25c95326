import { ApiError } from '@/components/data/fetcher';

/** Form fields that an API error can point at. */
export type FieldKey =
  | 'name'
  | 'transport'
  | 'url'
  | 'headers'
  | 'command'
  | 'args'
  | 'env'
  | 'auth'
  | 'token'
  | 'headerName'
  | 'headerValue'
  | 'username'
  | 'password'
  | 'tools';

export type FormErrors = { fields: Partial<Record<FieldKey, string>>; general: string[] };

const TOP_LEVEL = new Set<string>(['name', 'transport', 'url', 'headers', 'command', 'args', 'env', 'auth', 'tools']);
const AUTH_FIELDS: Record<string, FieldKey> = { token: 'token', headerName: 'headerName', value: 'headerValue', username: 'username', password: 'password' };

function fieldOf(path: string): FieldKey | null {
  const [head, sub] = path.split('.');
  if (head === 'auth' && sub && AUTH_FIELDS[sub]) return AUTH_FIELDS[sub];
  return head && TOP_LEVEL.has(head) ? (head as FieldKey) : null;
}

function describe(path: string, message: string): string {
  // "headers.X-Key" or "args.2": keep the part after the field so the user sees which entry.
  const rest = path.split('.').slice(1).join('.');
  // Tool messages already name the tool and field ("tool 3 ("search"): inputSchema ...").
  if (path.startsWith('tools.')) return message;
  return rest && !path.startsWith('auth.') ? `${rest}: ${message}` : message;
}

/**
 * Maps an API error onto the form: validation details ({path, message}) go next to their
 * fields, a 409 conflict next to the name or URL, anything else into the summary.
 */
export function formErrorsFrom(error: unknown): FormErrors {
  const out: FormErrors = { fields: {}, general: [] };
  if (!(error instanceof ApiError)) {
    out.general.push(error instanceof Error ? error.message : 'Saving failed');
    return out;
  }
  const add = (key: FieldKey | null, message: string) => {
    if (!key) return out.general.push(message);
    out.fields[key] = out.fields[key] ? `${out.fields[key]}; ${message}` : message;
  };
  if (error.code === 'validation_error' && Array.isArray(error.details)) {
    for (const d of error.details as { path?: unknown; message?: unknown }[]) {
      const path = typeof d.path === 'string' ? d.path : '';
      const message = typeof d.message === 'string' ? d.message : 'is invalid';
      add(fieldOf(path), fieldOf(path) ? describe(path, message) : path ? `${path}: ${message}` : message);
    }
    if (out.general.length === 0 && Object.keys(out.fields).length === 0) out.general.push(error.message);
    return out;
  }
  if (error.status === 409) {
    const raw = (error.details as { field?: unknown } | undefined)?.field;
    const field = typeof raw === 'string' ? raw.split('.').pop() : undefined; // "name" or "mcp_servers.name"
    add(field === 'name' || field === 'url' ? field : null, error.message);
    return out;
  }
  if (error.code === 'stdio_not_allowed') {
    add('transport', 'stdio servers are disabled on this installation.');
    out.general.push(error.message);
    return out;
  }
  out.general.push(error.message);
  return out;
}

export const hasErrors = (e: FormErrors) => e.general.length > 0 || Object.keys(e.fields).length > 0;
