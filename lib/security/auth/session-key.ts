import 'server-only';
import { createHash } from 'node:crypto';
import { deriveKey } from '../../crypto/secrets';

/**
 * The cookie signing key: from the app secret (shared by replicas) and the admin credentials,
 * so changing ADMIN_PASSWORD or ADMIN_TOKEN (or APP_SECRET) ends every session at once.
 */
export function sessionKey(credentials: { password: string | undefined; token: string | undefined }): Buffer {
  const fingerprint = createHash('sha256')
    .update(`${credentials.password ?? ''}\u0000${credentials.token ?? ''}`, 'utf8')
    .digest('hex');
  return deriveKey(`session-cookie:v1:${fingerprint}`);
}
