import { ApiError } from '@/components/data/fetcher';
import type { FieldErrors, FieldName } from './form-values';

const FIELDS: readonly FieldName[] = ['name', 'query', 'tags', 'serverIds', 'expectedServer', 'expectedTool', 'expectedParameters'];
/** Sequence fields (issue 17): their problems keep the whole path, so they land on the row they name. */
const SEQUENCE_FIELDS = new Set(['mode', 'context', 'expectedCalls', 'callOrder', 'forbiddenTools', 'maxSteps', 'execute', 'mockResults']);

type Detail = { path?: unknown; message?: unknown };

function isFieldName(v: string): v is FieldName {
  return (FIELDS as readonly string[]).includes(v);
}

/**
 * Maps an API error to the form: `details` is a list of {path, message} for validation errors
 * (path "expectedParameters.topK" lands on the topK row) or {serverIds: [...]} for unknown servers.
 */
export function fieldErrorsFromApi(error: unknown): { message: string; fields: FieldErrors } {
  const message = error instanceof Error ? error.message : 'The request failed.';
  const fields: FieldErrors = {};
  if (!(error instanceof ApiError)) return { message, fields };
  const details = error.details;
  if (Array.isArray(details)) {
    for (const d of details as Detail[]) {
      if (typeof d?.path !== 'string' || typeof d.message !== 'string') continue;
      const [head = '', argument, ...rest] = d.path.split('.');
      if (head === 'expectedParameters' && argument) {
        fields.arguments = { ...fields.arguments, [argument]: rest.length ? `${rest.join('.')}: ${d.message}` : d.message };
        fields.expectedParameters ??= d.message;
      } else if (SEQUENCE_FIELDS.has(head)) {
        fields.paths = { ...fields.paths, [d.path]: fields.paths?.[d.path] ?? d.message };
      } else if (isFieldName(head)) {
        fields[head] ??= d.message;
      }
    }
  } else if (details && typeof details === 'object' && 'field' in details && details.field === 'name') {
    // 409 name_conflict: say it on the name field, where it is fixed.
    fields.name = message;
  } else if (details && typeof details === 'object' && 'serverIds' in details) {
    fields.serverIds = 'Some of these servers no longer exist; reload the page and choose again.';
  }
  return { message, fields };
}
