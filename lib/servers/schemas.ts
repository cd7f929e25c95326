import { z } from 'zod';
import { StaticToolListSchema } from './static-tools/validate';

/** `static`: a tool set held in the harness (no process or URL behind it). */
export const TRANSPORTS = ['streamable-http', 'sse', 'stdio', 'static'] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** Names are referenced by test cases and become tool-name prefixes, so keep them tame. */
export const ServerNameSchema = z
  .string()
  .trim()
  .min(1, 'name is required')
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]*$/, 'name may contain letters, digits, spaces, "_", "." and "-"');

// Query parameter names (split into words) that carry a credential: ?api_key=, ?accessToken=, ?sig=...
const CREDENTIAL_WORDS = new Set(['key', 'apikey', 'token', 'secret', 'password', 'passwd', 'pwd', 'sig', 'signature', 'auth', 'authorization', 'credential', 'credentials', 'jwt', 'bearer']);

function isCredentialParam(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((w) => CREDENTIAL_WORDS.has(w));
}

/**
 * Why a URL must not be stored or shown, or null. URLs are stored in plain text, listed and
 * logged; credentials belong in `auth`, which is encrypted at rest and never returned.
 */
export function urlCredentialProblem(url: string, fix = 'pass it as auth {type: "basic" | "bearer" | "header"}, which is stored encrypted and never shown'): string | null {
  const u = URL.parse(url);
  if (!u) return null;
  if (u.username || u.password) return `url cannot contain credentials (user:password@host): ${fix}`;
  const names = [...new Set(u.searchParams.keys())].filter(isCredentialParam);
  if (names.length) return `url cannot carry a credential in its query string (${names.join(', ')}): ${fix}`;
  return null;
}

/**
 * A URL as it may be shown: user info and credential-like query values replaced by ****.
 * New URLs with credentials are refused; this covers rows stored before that rule.
 */
export function maskUrlCredentials(url: string): string {
  const u = URL.parse(url);
  if (!u || !urlCredentialProblem(url)) return url;
  if (u.username) u.username = '****';
  if (u.password) u.password = '****';
  for (const name of [...new Set(u.searchParams.keys())].filter(isCredentialParam)) u.searchParams.set(name, '****');
  return u.toString();
}

const HttpUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .url('url must be an absolute URL')
  // zod runs refinements even after .url() failed: parse defensively.
  .refine((u) => /^https?:$/.test(URL.parse(u)?.protocol ?? ''), 'url must use http or https')
  .superRefine((u, ctx) => {
    const problem = urlCredentialProblem(u);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const HeaderNameSchema = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'invalid HTTP header name');
const HeaderValueSchema = z.string().max(8192).regex(/^[^\r\n]*$/, 'header values cannot contain line breaks');
/** Header names that carry credentials: those belong in `auth`, which is encrypted at rest. */
export const CREDENTIAL_HEADER = /^(proxy-)?authorization$|^cookie$|api[-_]?key|token|secret|password|credential/i;

export const HeadersSchema = z.record(HeaderNameSchema, HeaderValueSchema).superRefine((headers, ctx) => {
  for (const name of Object.keys(headers)) {
    if (CREDENTIAL_HEADER.test(name)) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `header ${name} looks like a credential: pass it as auth {type: "header"} (or bearer/basic), which is stored encrypted`,
      });
    }
  }
});

export const AuthInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }).strict(),
  z.object({ type: z.literal('bearer'), token: z.string().min(1).max(8192).regex(/^[^\r\n]*$/) }).strict(),
  z.object({ type: z.literal('header'), headerName: HeaderNameSchema, value: HeaderValueSchema.min(1) }).strict(),
  z
    .object({ type: z.literal('basic'), username: z.string().min(1).max(1024).regex(/^[^:\r\n]*$/, 'username cannot contain ":"'), password: z.string().max(8192).regex(/^[^\r\n]*$/) })
    .strict(),
]);
export type AuthInput = z.infer<typeof AuthInputSchema>;

/** The fields of a server, without the cross-field rules (PATCH bodies are partial). */
export const ServerFieldsSchema = z
  .object({
    name: ServerNameSchema,
    transport: z.enum(TRANSPORTS),
    url: HttpUrlSchema.optional(),
    command: z.string().trim().min(1).max(1024).optional(),
    args: z.array(z.string().max(4096)).max(100).optional(),
    env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'invalid environment variable name'), z.string().max(32768)).optional(),
    headers: HeadersSchema.optional(),
    auth: AuthInputSchema.optional(),
    /** The tools of a static server, in any format of static-tools/formats; PATCH replaces the list. */
    tools: StaticToolListSchema.optional(),
  })
  .strict();

/** The body of POST /api/servers (and one entry of an import). */
export const ServerInputSchema = ServerFieldsSchema.superRefine((s, ctx) => {
    if (s.transport === 'static') {
      if (!s.tools) ctx.addIssue({ code: 'custom', path: ['tools'], message: 'tools is required for static servers (an empty list is allowed)' });
      const extra = (['url', 'command', 'args', 'env', 'headers'] as const).filter((k) => s[k] !== undefined);
      if (s.auth && s.auth.type !== 'none') extra.push('auth' as never);
      for (const k of extra) ctx.addIssue({ code: 'custom', path: [k], message: `static servers hold their tools and take no ${k}` });
      return;
    }
    if (s.tools) ctx.addIssue({ code: 'custom', path: ['tools'], message: `${s.transport} servers list their own tools; tools apply to static servers only` });
    if (s.transport === 'stdio') {
      if (!s.command) ctx.addIssue({ code: 'custom', path: ['command'], message: 'command is required for stdio servers' });
      if (s.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'stdio servers take command/args, not url' });
      if (s.headers && Object.keys(s.headers).length) ctx.addIssue({ code: 'custom', path: ['headers'], message: 'headers apply to HTTP transports only' });
      if (s.auth && s.auth.type !== 'none') ctx.addIssue({ code: 'custom', path: ['auth'], message: 'auth applies to HTTP transports only; pass secrets to stdio servers through env' });
    } else {
      if (!s.url) ctx.addIssue({ code: 'custom', path: ['url'], message: `url is required for ${s.transport} servers` });
      if (s.command || s.args || s.env) ctx.addIssue({ code: 'custom', path: ['command'], message: `${s.transport} servers take url, not command/args/env` });
    }
});

export const ServerPatchSchema = ServerFieldsSchema.partial();
export type ServerPatch = z.infer<typeof ServerPatchSchema>;
export type ServerInput = z.infer<typeof ServerInputSchema>;
