/**
 * compose.yaml and the Dockerfile, the documented team deployment (issue 20). No Docker daemon
 * runs where the suite runs, so this checks their shape: the services, that the app is exposed
 * only with credentials, that the workers run `npm run worker` from the app's image against the
 * same Postgres, and that every required secret fails the start when unset. The processes
 * themselves, started with exactly these commands and environments, are e2e/postgres/compose.spec.ts;
 * here, that tests/queue-compose-env.ts resolves them as compose would.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { getEnv, isLoopbackHost } from '@/lib/env';
import { checkRequest } from '@/lib/security/gate';
import { gatePolicyFrom } from '@/lib/security/policy';
import { composeService, finalStage, interpolate } from './queue-compose-env';

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

describe('compose.yaml resolved as docker compose would (tests/queue-compose-env.ts)', () => {
  const vars = { POSTGRES_PASSWORD: 'pw', ADMIN_TOKEN: 't'.repeat(32), APP_SECRET: 's'.repeat(32) };

  it('interpolates ${VAR}, ${VAR:-default}, ${VAR:?message} and $$ like compose', () => {
    expect(interpolate('a ${X} b', { X: '1' })).toBe('a 1 b');
    expect(interpolate('${X:-dflt}|${Y:-dflt}|${Z-dflt}', { X: 'set', Y: '', Z: '' })).toBe('set|dflt|');
    expect(interpolate('$$HOME ${X}', {})).toBe('$HOME ');
    expect(() => interpolate('${X:?set X}', { X: '' })).toThrow('required variable X is missing a value: set X');
    expect(interpolate('${X?set X}', { X: '' })).toBe('');
  });

  it('the app: the image\'s CMD and ENV under the service\'s environment, every secret from the variables', () => {
    const app = composeService('app', vars);
    expect(app.command).toEqual(['npm', 'start']);
    expect(app.env).toMatchObject({
      NODE_ENV: 'production',
      DATA_DIR: '/data',
      HOST: '0.0.0.0',
      PORT: '3000',
      DATABASE_URL: 'postgres://mcp_eval:pw@postgres:5432/mcp_eval',
      APP_URL: 'http://localhost:3000',
      ADMIN_TOKEN: vars.ADMIN_TOKEN,
      APP_SECRET: vars.APP_SECRET,
      ALLOW_STDIO_SERVERS: 'false',
    });
    expect(app.volumes).toEqual(['appdata:/data']);
    for (const name of Object.keys(vars)) expect(() => composeService('app', { ...vars, [name]: undefined }), name).toThrow(new RegExp(`required variable ${name}`));
  });

  it('the workers: npm run worker from the same image, the app\'s database and secret, no admin credential', () => {
    const worker = composeService('worker', vars);
    expect(worker.command).toEqual(['npm', 'run', 'worker']);
    expect(worker.replicas).toBe(2);
    expect(worker.env.DATABASE_URL).toBe(composeService('app', vars).env.DATABASE_URL);
    expect(worker.env).toMatchObject({ NODE_ENV: 'production', DATA_DIR: '/data', APP_SECRET: vars.APP_SECRET, QUEUE_CONCURRENCY: '16' });
    expect(worker.env.ADMIN_TOKEN).toBeUndefined();
    // postgres:17 is not our image: none of the Dockerfile's settings.
    const pg = composeService('postgres', vars);
    expect(pg.env).toEqual({ POSTGRES_USER: 'mcp_eval', POSTGRES_DB: 'mcp_eval', POSTGRES_PASSWORD: 'pw' });
    expect(pg.command).toEqual([]);
  });

  it('registers the demo servers where the workers reach the app: its service name, which the app answers to', () => {
    // A worker container's localhost is the worker itself: demo servers at APP_URL's default would fail its runs.
    for (const appUrl of [undefined, 'http://localhost:3000', 'https://evals.example.com']) {
      const app = composeService('app', { ...vars, APP_URL: appUrl });
      const env = getEnv(app.env as NodeJS.ProcessEnv);
      const demo = new URL(env.demoServerUrl);
      expect(isLoopbackHost(demo.hostname), env.demoServerUrl).toBe(false);
      // The name of the service whose container serves it, on the port the app listens on in that container.
      expect(demo.hostname).toBe('app');
      expect(demo.port).toBe(app.env.PORT);
      // The app's gate accepts that Host (else 421 host_not_allowed), also for an MCP client's POST.
      const headers = new Headers({ host: demo.host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' });
      expect(checkRequest({ method: 'POST', path: '/demo/todo/mcp', headers }, gatePolicyFrom(env))).toEqual({ ok: true });
      expect(env.appUrl).toBe((appUrl ?? 'http://localhost:3000').replace(/\/+$/, ''));
    }
  });

  it('reads the Dockerfile\'s final stage only', () => {
    const stage = finalStage('FROM a AS build\nENV X=build\nCMD ["no"]\nFROM b\nENV A=1 B="two words"\nCMD ["npm", "start"]\n');
    expect(stage).toEqual({ env: { A: '1', B: 'two words' }, cmd: ['npm', 'start'] });
  });
});
