import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'mcpeval_';
/** 32 random bytes in base64url are 43 characters (no padding). */
const API_KEY_PATTERN = /^mcpeval_[A-Za-z0-9_-]{43}$/;
/** Enough to tell keys apart in a list, far too little to guess the rest. */
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function isWellFormedApiKey(key: string): boolean {
  return API_KEY_PATTERN.test(key);
}

/** The key has 256 random bits, so a plain (unsalted, fast) hash is enough to store it. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}
