import 'server-only';
import type { Anthropic } from '@anthropic-ai/sdk';
import type { CallSettings } from '../shared/call-settings';
import type { SdkErrorClasses } from '../shared/provider-errors';

export type AnthropicEndpoint = { baseURL: string; apiKey: string };
export type AnthropicSdk = { client: Anthropic; errors: SdkErrorClasses };

/**
 * A client per endpoint, key and settings (reused within a job), the SDK imported lazily. Passing the key
 * explicitly keeps the SDK from reading ANTHROPIC_* credentials or profiles from the host.
 */
export async function openAnthropicClient(endpoint: AnthropicEndpoint, settings: CallSettings): Promise<AnthropicSdk> {
  const sdk = await import('@anthropic-ai/sdk');
  const client = new sdk.Anthropic({
    apiKey: endpoint.apiKey,
    baseURL: endpoint.baseURL,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    logLevel: 'off',
    openTelemetry: false,
  });
  const errors: SdkErrorClasses = {
    SdkError: sdk.AnthropicError,
    APIError: sdk.APIError,
    APIUserAbortError: sdk.APIUserAbortError,
    APIConnectionTimeoutError: sdk.APIConnectionTimeoutError,
    APIConnectionError: sdk.APIConnectionError,
  };
  return { client, errors };
}
