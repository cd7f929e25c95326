/**
 * Columns that must never leave the app through a query a client writes (the /mcp
 * `query_sql` tool): ciphertext, key and token hashes, and anything that would let a reader
 * rebuild them. A query that reads one of these in ANY clause (result, WHERE, ORDER BY, a
 * join, an index seek) is refused, so add every new credential-bearing column here.
 */
export type SecretColumn = { table: string; column: string; why: string };

export const SECRET_COLUMNS: readonly SecretColumn[] = [
  { table: 'mcp_servers', column: 'auth_secret', why: 'encrypted auth credentials of a registered server' },
  { table: 'mcp_servers', column: 'env_secret', why: 'encrypted environment of a stdio server' },
  { table: 'api_keys', column: 'key_hash', why: 'hash of an /mcp key or API token (enough to test guesses offline)' },
  // ANALYZE with STAT4 stores sample index keys, the key_hash index's included.
  { table: 'sqlite_stat4', column: 'sample', why: 'sampled index keys, secret columns included' },
];
