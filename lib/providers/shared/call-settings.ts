import type { ModelConfig } from '../types';

/** What every SDK call takes from the run's model settings. */
export type CallSettings = { timeoutMs: number; maxRetries: number; temperature: number };

/**
 * The SDKs apply `timeout` per attempt (each retry gets a fresh timeout), and their retries
 * honour Retry-After on 429, so a run may last up to about timeout x (maxRetries + 1) plus waits.
 */
export function toCallSettings(model: ModelConfig): CallSettings {
  return { timeoutMs: model.timeout * 1000, maxRetries: model.maxRetries, temperature: model.temperature };
}
