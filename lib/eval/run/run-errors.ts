import { AppError } from '../../errors';
import { scrubSecret } from '../../providers/api-keys';
import { ProviderError } from '../../providers/types';
import { CircuitOpenError } from './circuit-breaker';

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
