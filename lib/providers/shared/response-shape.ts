import type { z } from 'zod';
import { ProviderError } from '../types';

/** Checks a 200 body against the fields we rely on; a mismatch is the provider's bad response. */
export function parseResponseShape<S extends z.ZodType>(schema: S, body: unknown, label: string): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unexpected shape';
  throw new ProviderError(`${label} returned an unexpected response (${where})`, 'bad_response');
}
