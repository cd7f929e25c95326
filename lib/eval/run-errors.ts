import { AppError } from '../errors';
import { ProviderError } from '../providers/types';
import { CircuitOpenError } from './circuit-breaker';

/** Removes every occurrence of the key (and of its longer fragments) from a message. */
export function scrubSecret(message: string, secret: string | undefined): string {
  if (!secret || secret.length < 4) return message;
  let out = message.split(secret).join('[redacted]');
  // SDKs sometimes print a key shortened ("sk-...abcd"): hide any 8+ character fragment too.
  for (let len = Math.min(secret.length - 1, 24); len >= 8; len--) {
    for (let i = 0; i + len <= secret.length; i += len) out = out.split(secret.slice(i, i + len)).join('[redacted]');
  }
  return out;
}

/** A clear, key-free sentence for the run's error_message. */
export function describeRunError(err: unknown, apiKey: string | undefined): string {
  let message: string;
  if (err instanceof ProviderError) message = `LLM provider ${err.kind.replace('_', ' ')}${err.status ? ` (HTTP ${err.status})` : ''}: ${err.message}`;
  else if (err instanceof CircuitOpenError) message = err.message;
  else if (err instanceof AppError) message = err.message;
  else if (err instanceof Error) message = err.message || err.name;
  else message = String(err);
  return scrubSecret(message, apiKey).slice(0, 2000);
}

/** Errors that say the provider is unwell (and count toward its circuit breaker). */
export function isProviderOutage(err: unknown): boolean {
  if (!(err instanceof ProviderError)) return false;
  return err.kind === 'rate_limit' || err.kind === 'timeout' || err.kind === 'upstream' || err.kind === 'bad_response';
}
