/**
 * compose.yaml and the Dockerfile, the documented team deployment (issue 20). No Docker daemon
 * runs where the suite runs, so this checks their shape: the services, that the app is exposed
 * only with credentials, that the workers run `npm run worker` from the app's image against the
 * same Postgres, and that every required secret fails the start when unset.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

const Env = z.record(z.string(), z.string());
const Service = z.object({
  image: z.string().optional(),
  build: z.unknown().optional(),
  command: z.array(z.string()).optional(),
  environment: Env.optional(),
  ports: z.array(z.string()).optional(),
  depends_on: z.record(z.string(), z.object({ condition: z.string() })).optional(),
  deploy: z.object({ replicas: z.number() }).optional(),
  healthcheck: z.object({ test: z.array(z.string()) }).optional(),
  stop_grace_period: z.string().optional(),
  init: z.boolean().optional(),
});
const Compose = z.object({ services: z.object({ postgres: Service, app: Service, worker: Service }) });

const compose = Compose.parse(parse(readFileSync('compose.yaml', 'utf8'), { merge: true }));
const { postgres, app, worker } = compose.services;
const dockerfile = readFileSync('Dockerfile', 'utf8');
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };

describe('compose.yaml (team deployment)', () => {
  it('runs the official Postgres image with a health check the others wait for', () => {
    expect(postgres.image).toMatch(/^postgres:\d+$/);
    expect(postgres.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(app.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(worker.depends_on?.postgres?.condition).toBe('service_healthy');
  });

  it('points the app and the workers at the same Postgres database', () => {
    const url = app.environment?.DATABASE_URL ?? '';
    expect(url).toMatch(/^postgres:\/\/[^@]+@postgres:5432\/\w+$/);
    expect(worker.environment?.DATABASE_URL).toBe(url);
  });

  it('exposes the app beyond loopback only with authentication on, and requires every secret', () => {
    expect(app.environment?.HOST).toBe('0.0.0.0');
    expect(app.ports).toEqual(['3000:3000']);
    // `${VAR:?message}`: compose refuses to start without it (no default credential ships).
    expect(app.environment?.ADMIN_TOKEN).toMatch(/^\$\{ADMIN_TOKEN:\?/);
    expect(app.environment?.APP_SECRET).toMatch(/^\$\{APP_SECRET:\?/);
    expect(worker.environment?.APP_SECRET).toBe(app.environment?.APP_SECRET);
    expect(app.environment?.AUTH).toBeUndefined(); // never AUTH=none
    expect(app.environment?.ALLOW_STDIO_SERVERS).toBe('false');
    expect(app.environment?.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
  });

  it('runs two workers from the app\'s image with npm run worker, drained on stop', () => {
    expect(app.build).toBe('.');
    expect(worker.image).toBe(app.image);
    expect(worker.command).toEqual(['npm', 'run', 'worker']);
    expect(packageJson.scripts.worker).toContain('scripts/worker.ts');
    expect(worker.deploy?.replicas).toBe(2);
    expect(worker.ports).toBeUndefined();
    // tini forwards SIGTERM; the worker drains for 25 s (scripts/worker.ts) inside the grace period.
    expect(worker.init).toBe(true);
    expect(worker.stop_grace_period).toBe('30s');
  });

  it('the Dockerfile builds on Node 20 and starts the app', () => {
    expect(dockerfile).toMatch(/^FROM node:20-/m);
    expect(dockerfile).toMatch(/RUN npm ci\b/);
    expect(dockerfile).toMatch(/npm run build/);
    expect(dockerfile).toMatch(/^CMD \["npm", "start"\]$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
  });
});
