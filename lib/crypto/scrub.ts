/**
 * Removes secrets from text bound for users, logs or the database: each secret, and its
 * 8+ character fragments (upstreams sometimes echo a key shortened, "sk-abc...wxyz").
 */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    out = out.split(secret).join('[redacted]');
    for (let len = Math.min(secret.length - 1, 24); len >= 8; len--) {
      for (let i = 0; i + len <= secret.length; i += len) out = out.split(secret.slice(i, i + len)).join('[redacted]');
    }
  }
  return out;
}
