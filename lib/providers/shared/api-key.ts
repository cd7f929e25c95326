import { ProviderError, type SelectionRequest } from '../types';

/** The API layer rejects a missing key with 400 before any work; this guards direct callers. */
export function requireApiKey(req: Pick<SelectionRequest, 'apiKey'>, label: string): string {
  if (!req.apiKey) throw new ProviderError(`No API key was given for ${label}`, 'auth');
  return req.apiKey;
}
