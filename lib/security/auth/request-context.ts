import { getEnv } from '../../env';

type HeaderSource = { get(name: string): string | null };

/** Served over https: APP_URL says so, or the reverse proxy in front does (X-Forwarded-Proto). */
export function isSecureRequest(headers: HeaderSource, appUrl = getEnv().appUrl): boolean {
  if (appUrl.startsWith('https:')) return true;
  return headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * The client's address as Next passes it on: the last X-Forwarded-For entry, the one the
 * nearest reverse proxy appended (Next fills the header from the socket when nothing set it).
 * Only a rate-limit key: a client talking to Next directly can forge it, hence the global cap.
 */
export function clientAddressOf(headers: HeaderSource): string {
  const last = headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return last ? last.slice(0, 100) : 'unknown';
}
