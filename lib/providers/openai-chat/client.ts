import 'server-only';
import type { OpenAI } from 'openai';
import type { CallSettings } from '../shared/call-settings';
import type { SdkErrorClasses } from '../shared/provider-errors';

export type OpenAiEndpoint = { baseURL: string; apiKey: string };
export type OpenAiSdk = { client: OpenAI; errors: SdkErrorClasses };

/**
 * A client per endpoint, key and settings (reused within a job through shared/client-cache). The SDK is imported
 * here, lazily, so it loads only when an OpenAI-style provider is used. Every option the SDK
 * would otherwise read from the environment is given explicitly, so only the request's key
 * and base URL are ever used.
 */
export async function openOpenAiClient(endpoint: OpenAiEndpoint, settings: CallSettings): Promise<OpenAiSdk> {
  const sdk = await import('openai');
  const client = new sdk.OpenAI({
    apiKey: endpoint.apiKey,
    baseURL: endpoint.baseURL,
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    logLevel: 'off',
  });
  const errors: SdkErrorClasses = {
    SdkError: sdk.OpenAIError,
    APIError: sdk.APIError,
    APIUserAbortError: sdk.APIUserAbortError,
    APIConnectionTimeoutError: sdk.APIConnectionTimeoutError,
    APIConnectionError: sdk.APIConnectionError,
  };
  return { client, errors };
}
