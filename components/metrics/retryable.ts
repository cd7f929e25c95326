import { ApiError } from '@/components/data/fetcher';

/** A retry can help with a server or network failure, not with a request the API rejected. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
}
