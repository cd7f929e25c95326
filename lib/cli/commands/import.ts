import { UsageError, type ExitCode } from '../errors';
import type { CliIo } from '../io';

export async function importCommand(_args: string[], _io: CliIo): Promise<ExitCode> {
  throw new UsageError('import is not available yet');
}
