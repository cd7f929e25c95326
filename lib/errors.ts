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
  const driver = driverError(err);
  if (!driver) return null;
  const { code } = driver;
  if (code.startsWith('SQLITE_CONSTRAINT')) {
    const rule = /constraint failed: (.+)$/.exec(driver.message)?.[1] ?? '';
    if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return referenceMissing();
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return duplicate(rule);
    return brokenRule(rule);
  }
  // Postgres SQLSTATEs (issue 20): class 23 is integrity, 22 a value the column's type refuses.
  const rule = typeof driver.constraint === 'string' ? driver.constraint : typeof driver.column === 'string' ? driver.column : '';
  if (code === '23503') return referenceMissing();
  if (code === '23505') return duplicate(rule);
  if (code === '23514' || code === '23502' || code === '23P01') return brokenRule(rule);
  if (code.startsWith('22')) return new ValidationError(`A value does not fit its database column${rule ? ` (${rule})` : ''}`, undefined, 'constraint_violation');
  return null;
}

type DriverError = Error & { code: string; constraint?: unknown; column?: unknown };

/** The driver's error, under drizzle's query-error wrapper (which keeps the original as `cause`). */
function driverError(err: unknown): DriverError | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof (e as { code?: unknown }).code === 'string') return e as DriverError;
  }
  return null;
}

const referenceMissing = () => new ConflictError('A record this request refers to does not exist (it may have been deleted meanwhile)', undefined, 'reference_missing');
const duplicate = (rule: string) => new ConflictError(`This would duplicate an existing record${rule ? ` (${rule})` : ''}`);
const brokenRule = (rule: string) => new ValidationError(`A value breaks a database rule${rule ? ` (${rule})` : ''}`, undefined, 'constraint_violation');
