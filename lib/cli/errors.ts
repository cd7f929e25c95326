/**
 * The CLI's exit codes and the errors that carry them. 0 gates hold, 1 a gate failed,
 * 2 usage or suite error (with the file, line and field), 3 infrastructure (a server or
 * provider unreachable: not a model mistake).
 */
export const EXIT = { ok: 0, gateFailed: 1, usage: 2, infrastructure: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
  }
}

/** Bad flags or arguments. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(EXIT.usage, message);
  }
}

/** Where in a suite file a problem sits: `file:line: field: message`. */
export type SuiteProblem = { file: string; line: number | null; field: string; message: string };

export class SuiteError extends CliError {
  constructor(readonly problems: SuiteProblem[]) {
    super(EXIT.usage, problems.map(formatProblem).join('\n'));
  }
}

export function formatProblem(p: SuiteProblem): string {
  return `${p.file}${p.line === null ? '' : `:${p.line}`}: ${p.field || '(root)'}: ${p.message}`;
}

/** A server or provider could not be reached: exit 3. */
export class InfrastructureError extends CliError {
  constructor(message: string) {
    super(EXIT.infrastructure, message);
  }
}
