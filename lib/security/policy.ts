import type { Env } from '@/lib/env';
import { parseHost, type GatePolicy } from './gate';

/** Loopback names cannot be rebound to another machine, so they are accepted on any port. */
const LOOPBACK_NAMES = ['localhost', '[::1]'];

function hostKey(url: URL): string {
  return `${url.hostname.toLowerCase()}:${url.port}`;
}

/** The hosts and origins the app serves, from APP_URL, HOST, PORT, ALLOWED_HOSTS and ALLOWED_ORIGINS. */
export function gatePolicyFrom(env: Pick<Env, 'appUrl' | 'host' | 'port' | 'allowedHosts' | 'allowedOrigins'>): GatePolicy {
  const hostNames = new Set(LOOPBACK_NAMES);
  const hostsWithPort = new Set<string>();
  const origins = new Set(env.allowedOrigins);

  const appUrl = new URL(env.appUrl);
  hostsWithPort.add(hostKey(appUrl));
  origins.add(appUrl.origin.toLowerCase());

  const listen = parseHost(env.host);
  if (listen) hostsWithPort.add(`${listen.name}:${env.port}`);

  for (const entry of env.allowedHosts) {
    const parsed = parseHost(entry);
    if (!parsed) continue;
    if (parsed.port) hostsWithPort.add(`${parsed.name}:${parsed.port}`);
    else hostNames.add(parsed.name);
  }
  return { hostNames, hostsWithPort, origins };
}
