import { AppError } from '@/lib/errors';

/** Read in any clause, a secret column would leak: the query is refused, naming it and what may be read instead. */
export class SecretColumnError extends AppError {
  constructor(table: string, column: string, readable: string[]) {
    const instead = readable.length ? ` Readable columns of ${table}: ${readable.join(', ')}.` : '';
    super(
      'secret_column',
      403,
      `${table}.${column} is a secret column: queries may not read it in any clause (select list, WHERE, ORDER BY, joins, functions), nor scan an index on it.${instead}`,
      { table, column, readable },
    );
  }
}

export class QueryMemoryError extends AppError {
  constructor(limitBytes: number) {
    super(
      'query_too_large',
      422,
      `The query needed more than ${Math.round(limitBytes / (1024 * 1024))} MB of memory and was stopped: build shorter values (substr, length) or read fewer rows`,
      { limitBytes },
    );
  }
}

export class QueryBusyError extends AppError {
  constructor(running: number) {
    super('busy', 503, `${running} queries are running and the queue is full: retry in a few seconds`, { running });
  }
}
