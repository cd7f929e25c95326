import { createHash } from 'node:crypto';
import type { ClientCache } from '../types';
import type { CallSettings } from './call-settings';

/**
 * Reuses an SDK client within one job when endpoint, key and settings are the same. The
 * cache key carries a hash of the API key, never the key itself.
 */
export function reuseClient<T>(cache: ClientCache | undefined, parts: { kind: string; baseURL: string; apiKey: string; settings: CallSettings }, open: () => Promise<T>): Promise<T> {
  if (!cache) return open();
  const key = JSON.stringify([parts.kind, parts.baseURL, createHash('sha256').update(parts.apiKey).digest('hex'), parts.settings.timeoutMs, parts.settings.maxRetries]);
  const hit = cache.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const opened = open();
  cache.set(key, opened);
  opened.catch(() => cache.delete(key));
  return opened;
}
