import type { Usage } from '../types';

/** Token counts some servers omit (e.g. local OpenAI-compatible ones) count as zero. */
export function toUsage(input: number | null | undefined, output: number | null | undefined): Usage {
  return { inputTokens: input ?? 0, outputTokens: output ?? 0 };
}
