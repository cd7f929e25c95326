import { scrubSecret } from '../api-keys';
import { ProviderError } from '../types';
import type { CallSettings } from './call-settings';

/**
 * Both SDKs (Stainless-generated) share one error hierarchy shape; the classes are passed in
 * because each SDK is imported lazily and `instanceof` needs that SDK's own classes.
 */
type ErrorClass<T extends Error = Error> = abstract new (...args: never[]) => T;
export type SdkErrorClasses = {
  /** The SDK's root error class (e.g. OpenAIError, AnthropicError). */
  SdkError: ErrorClass;
  APIError: ErrorClass<Error & { status: number | undefined }>;
  APIUserAbortError: ErrorClass;
  APIConnectionTimeoutError: ErrorClass;
  APIConnectionError: ErrorClass;
};

export type ErrorContext = {
  /** Names the upstream at the start of sentences, e.g. "OpenAI" or "OpenAI-compatible server at host:port". */
  label: string;
  sdk: SdkErrorClasses;
  settings: CallSettings;
  signal: AbortSignal;
  apiKey?: string;
};

const MAX_DETAIL_LENGTH = 300;

function detailOf(err: Error, apiKey?: string, text = err.message): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const detail = oneLine.length > MAX_DETAIL_LENGTH ? `${oneLine.slice(0, MAX_DETAIL_LENGTH)}...` : oneLine;
  return scrubSecret(detail, apiKey);
}

function describeRetries(maxRetries: number): string {
  return maxRetries === 0 ? 'no retries' : `${maxRetries} ${maxRetries === 1 ? 'retry' : 'retries'}`;
}

/**
 * The upstream's own explanation: Anthropic's SDK exposes it as `apiMessage`; OpenAI's
 * message is "<status> <explanation>", whose status we already state.
 */
function readUpstreamMessage(status: number, err: Error): string {
  if ('apiMessage' in err && typeof err.apiMessage === 'string' && err.apiMessage) return err.apiMessage;
  return err.message.startsWith(`${status} `) ? err.message.slice(String(status).length + 1) : err.message;
}

function fromStatus(status: number, err: Error, ctx: ErrorContext): ProviderError {
  const detail = detailOf(err, ctx.apiKey, readUpstreamMessage(status, err));
  const { label } = ctx;
  if (status === 401 || status === 403) {
    return new ProviderError(`${label} rejected the credentials (HTTP ${status}): ${detail}`, 'auth', status);
  }
  if (status === 429) {
    const tries = describeRetries(ctx.settings.maxRetries);
    return new ProviderError(`${label} rate limit hit (HTTP 429) after ${tries}: ${detail}`, 'rate_limit', status);
  }
  return new ProviderError(`${label} returned HTTP ${status}: ${detail}`, 'upstream', status);
}

/**
 * Maps an SDK or parsing failure to a ProviderError whose message is safe to store and show
 * (no API key). Errors that are not provider failures (programming errors) are returned as-is.
 */
export function toProviderError(err: unknown, ctx: ErrorContext): unknown {
  const { sdk, label, settings, apiKey } = ctx;
  if (err instanceof ProviderError) {
    return new ProviderError(scrubSecret(err.message, apiKey), err.kind, err.status);
  }
  if (ctx.signal.aborted || err instanceof sdk.APIUserAbortError) {
    return new ProviderError(`The request to ${label} was aborted`, 'aborted');
  }
  if (err instanceof sdk.APIConnectionTimeoutError) {
    const seconds = settings.timeoutMs / 1000;
    return new ProviderError(
      `${label} did not answer within ${seconds} s (per attempt, ${describeRetries(settings.maxRetries)})`,
      'timeout',
    );
  }
  if (err instanceof sdk.APIConnectionError) {
    return new ProviderError(`Could not reach ${label}: ${detailOf(err, apiKey)}`, 'upstream');
  }
  if (err instanceof sdk.APIError && typeof err.status === 'number') return fromStatus(err.status, err, ctx);
  // The SDKs surface an unparseable JSON body as the SyntaxError of response.json().
  if (err instanceof SyntaxError) {
    return new ProviderError(`${label} returned a malformed response body: ${detailOf(err, apiKey)}`, 'bad_response');
  }
  if (err instanceof sdk.SdkError) return new ProviderError(`${label} call failed: ${detailOf(err, apiKey)}`, 'upstream');
  return err;
}

/** Runs one SDK call and rethrows its failure as a scrubbed ProviderError. */
export async function withProviderErrors<T>(ctx: ErrorContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toProviderError(err, ctx);
  }
}
