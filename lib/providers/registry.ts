import 'server-only';
import { anthropicProvider } from './anthropic';
import { localProvider } from './local';
import { openaiProvider } from './openai';
import { openaiCompatibleProvider } from './openai-compatible';
import { PROVIDER_IDS, type ProviderDefinition, type ProviderId } from './types';

/** Every provider by id; the SDKs behind them load only when a provider is first used. */
export const PROVIDERS: Record<ProviderId, ProviderDefinition> = {
  openai: openaiProvider,
  anthropic: anthropicProvider,
  'openai-compatible': openaiCompatibleProvider,
  local: localProvider,
};

function isProviderId(id: string): id is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(id);
}

export function getProvider(id: string): ProviderDefinition {
  if (!isProviderId(id)) {
    throw new Error(`Unknown provider '${id}'. Known providers: ${PROVIDER_IDS.join(', ')}`);
  }
  return PROVIDERS[id];
}
