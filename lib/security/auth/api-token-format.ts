import { randomBytes } from 'node:crypto';

/** REST API tokens look unlike /mcp keys (`mcpeval_…`), so a leaked one is recognisable by kind. */
export const API_TOKEN_PREFIX = 'mcpeval_api_';
const API_TOKEN_PATTERN = /^mcpeval_api_[A-Za-z0-9_-]{43}$/;
const DISPLAY_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 6;

/** 32 random bytes: hashed with plain sha256 like the /mcp keys (lib/mcp-endpoint/key-format.ts). */
export function generateApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function isWellFormedApiToken(token: string): boolean {
  return API_TOKEN_PATTERN.test(token);
}

export function apiTokenDisplayPrefix(token: string): string {
  return token.slice(0, DISPLAY_PREFIX_LENGTH);
}
