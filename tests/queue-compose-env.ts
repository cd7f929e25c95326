/**
 * compose.yaml's services as `docker compose up` would start their processes (issue 20), for the tests that run
 * them without Docker: the command (the service's own, else the image's Dockerfile CMD) and the environment (the
 * Dockerfile's ENV of the final stage, then the service's `environment`, with compose's `${VAR}`, `${VAR:-default}`
 * and `${VAR:?message}` interpolated from the given variables). What Docker itself provides (the service's host
 * name on the compose network, the published port, the mounted volume) is for the caller to map.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';

// The repository root: vitest and Playwright both run there (import.meta would not load in Playwright's CommonJS transform).
const ROOT = process.cwd();

const Service = z.object({
  image: z.string().optional(),
  build: z.unknown().optional(),
  command: z.array(z.string()).optional(),
  environment: z.record(z.string(), z.string()).optional(),
  volumes: z.array(z.string()).optional(),
  deploy: z.object({ replicas: z.number().int().positive() }).optional(),
  healthcheck: z.object({ test: z.array(z.string()) }).optional(),
});
const Compose = z.object({ services: z.record(z.string(), Service) });

export type ComposeService = {
  name: string;
  command: string[];
  env: Record<string, string>;
  replicas: number;
  volumes: string[];
  /** The health check's test as declared (["CMD-SHELL", "..."] or ["CMD", ...]), or none. */
  healthcheck: string[];
};

/** compose's interpolation of one value: `$$` is a dollar sign; an unset or empty required variable fails with its message. */
export function interpolate(value: string, vars: Readonly<Record<string, string | undefined>>): string {
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (whole, name: string | undefined, op: string | undefined, arg: string | undefined) => {
    if (name === undefined) return '$';
    const v = vars[name];
    const missing = op?.startsWith(':') ? !v : v === undefined;
    if (op?.endsWith('?') && missing) throw new Error(`required variable ${name} is missing a value: ${arg ?? ''}`);
    if (op?.endsWith('-') && missing) return arg ?? '';
    return v ?? '';
  });
}

/** The Dockerfile's final stage: its ENV (KEY=value pairs) and its exec-form CMD. */
export function finalStage(dockerfile: string): { env: Record<string, string>; cmd: string[] } {
  const stages = dockerfile.split(/^FROM\s.*$/m);
  const last = stages[stages.length - 1] ?? '';
  const env: Record<string, string> = {};
  for (const m of last.matchAll(/^ENV\s+(.+)$/gm)) {
    for (const pair of (m[1] as string).matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g)) env[pair[1] as string] = (pair[2] as string).replace(/^"|"$/g, '');
  }
  const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(last)?.[1];
  return { env, cmd: cmd ? z.array(z.string()).parse(JSON.parse(cmd)) : [] };
}

/** One service of compose.yaml, resolved with `vars` (what the operator exports before `docker compose up`). */
export function composeService(name: string, vars: Readonly<Record<string, string | undefined>>, files = { compose: path.join(ROOT, 'compose.yaml'), dockerfile: path.join(ROOT, 'Dockerfile') }): ComposeService {
  const compose = Compose.parse(parse(readFileSync(files.compose, 'utf8'), { merge: true }));
  const service = compose.services[name];
  if (!service) throw new Error(`compose.yaml has no service ${name}`);
  // The Dockerfile's image: a service that builds it, or names the image another service builds; else an outside image.
  const built = Object.values(compose.services).filter((s) => s.build !== undefined).map((s) => s.image);
  const ours = service.build !== undefined || (service.image !== undefined && built.includes(service.image));
  const image = ours ? finalStage(readFileSync(files.dockerfile, 'utf8')) : { env: {}, cmd: [] };
  const env: Record<string, string> = { ...image.env };
  for (const [key, value] of Object.entries(service.environment ?? {})) env[key] = interpolate(value, vars);
  return { name, command: service.command ?? image.cmd, env, replicas: service.deploy?.replicas ?? 1, volumes: service.volumes ?? [], healthcheck: service.healthcheck?.test ?? [] };
}
