import type { Executor } from './types';
import { UsageError } from '../errors';

export function remoteExecutor(_url: string, _token: string | undefined, _env: Record<string, string | undefined>): Executor {
  return async () => {
    throw new UsageError('--url is not available yet');
  };
}
