/** Domain errors carry a stable code and an HTTP status; toErrorResponse maps them. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: unknown, code = 'validation_error') {
    super(code, 400, message, details);
  }
}

export class NotFoundError extends AppError {
  constructor(resource: string, id: string) {
    super('not_found', 404, `${resource} '${id}' not found`, { resource, id });
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: unknown, code = 'conflict') {
    super(code, 409, message, details);
  }
}

export class ForbiddenError extends AppError {
  constructor(code: string, message: string) {
    super(code, 403, message);
  }
}

export class UnprocessableError extends AppError {
  constructor(code: string, message: string, details?: unknown) {
    super(code, 422, message, details);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super('payload_too_large', 413, `Request body exceeds ${limitBytes} bytes`, { limitBytes });
  }
}

/** An MCP server or LLM provider failed or could not be reached. */
export class UpstreamError extends AppError {
  constructor(message: string, details?: unknown, code = 'upstream_error', status = 502) {
    super(code, status, message, details);
  }
}

/**
 * A constraint the database enforces, reached by input the validation let through (or by a
 * concurrent delete), is the client's problem: 400/409, never a 500.
 */
export function fromDatabaseError(err: unknown): AppError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_CONSTRAINT')) return null;
  const rule = err instanceof Error ? (/constraint failed: (.+)$/.exec(err.message)?.[1] ?? '') : '';
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
    return new ConflictError('A record this request refers to does not exist (it may have been deleted meanwhile)', undefined, 'reference_missing');
  }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new ConflictError(`This would duplicate an existing record${rule ? ` (${rule})` : ''}`);
  }
  return new ValidationError(`A value breaks a database rule${rule ? ` (${rule})` : ''}`, undefined, 'constraint_violation');
}
