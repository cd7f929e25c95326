import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getEnv } from '../env';
import { ensurePrivateDir, makePrivate, PRIVATE_FILE_MODE } from '../private-files';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const KEY_FILE = 'secret.key';

let cached: { source: string; key: Buffer } | null = null;

function loadKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  ensurePrivateDir(dataDir);
  try {
    const hex = fs.readFileSync(file, 'utf8').trim();
    makePrivate(file); // a key file left readable by others (copied, restored) is tightened
    if (/^[0-9a-f]{64}$/.test(hex)) return Buffer.from(hex, 'hex');
    throw new Error(`${file} is not a 32-byte hex key; remove it only if no secrets were stored with it`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const key = randomBytes(32);
  // 'wx' fails if another process created it first; then use theirs.
  try {
    fs.writeFileSync(file, key.toString('hex'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    makePrivate(file);
    return key;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return loadKeyFile(dataDir);
    throw e;
  }
}

/** APP_SECRET (hashed to 32 bytes) wins; otherwise a generated 0600 key file in DATA_DIR. */
function encryptionKey(): Buffer {
  const env = getEnv();
  const source = env.appSecret ? `env:${createHash('sha256').update(env.appSecret).digest('hex')}` : `file:${env.dataDir}`;
  if (cached?.source === source) return cached.key;
  const key = env.appSecret
    ? createHash('sha256').update(`mcp-eval-harness:${env.appSecret}`).digest()
    : loadKeyFile(env.dataDir);
  cached = { source, key };
  return key;
}

/**
 * A key for another purpose (e.g. signing session cookies), derived from the same app secret
 * with HKDF so it works across replicas that share APP_SECRET (or the key file) and never
 * equals the encryption key itself.
 */
export function deriveKey(purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', encryptionKey(), Buffer.alloc(0), `mcp-eval-harness:${purpose}`, 32));
}

export function encryptSecret(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, encryptionKey(), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64'), tag.toString('base64'), body.toString('base64')].join(':');
}

export function decryptSecret(envelope: string): string {
  const [version, iv, tag, body] = envelope.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unrecognised secret envelope');
  const decipher = createDecipheriv(ALGORITHM, encryptionKey(), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

export function encryptJson(value: unknown): string {
  return encryptSecret(JSON.stringify(value));
}

export function decryptJson<T>(envelope: string): T {
  return JSON.parse(decryptSecret(envelope)) as T;
}
