import { z } from 'zod';
import { providerIdsOf, type ProviderCatalog } from './catalog';

/** Stored for audit and shown in the UI, so it must not carry credentials: keys go in headers. */
const BaseUrlSchema = z
  .string()
  .url()
  .max(2048)
  // zod runs refinements even after .url() failed: parse defensively.
  .refine((u) => /^https?:$/.test(URL.parse(u)?.protocol ?? ''), 'baseUrl must use http or https')
  .refine((u) => !URL.parse(u)?.username && !URL.parse(u)?.password, 'baseUrl cannot contain credentials: send the key in a header')
  .refine((u) => ![...(URL.parse(u)?.searchParams.keys() ?? [])].some((k) => /key|token|secret|sig|password/i.test(k)), 'baseUrl cannot carry a key in its query string: send it in a header');

/**
 * A model configuration as given per run (SPEC section 10), for the providers of `catalog`:
 * the provider enum, the rows that require a baseUrl and each row's model check come from
 * the table. Keys never live here.
 */
export function buildModelConfigSchema<const C extends ProviderCatalog>(catalog: C) {
  return z
    .object({
      provider: z.enum(providerIdsOf(catalog)),
      model: z.string().trim().min(1).max(200),
      baseUrl: BaseUrlSchema.optional(),
      systemPrompt: z.string().max(20_000).optional(),
      /** Seconds, 1-300. */
      timeout: z.number().int().min(1).max(300).default(30),
      temperature: z.number().min(0).max(2).default(0.4),
      maxRetries: z.number().int().min(0).max(10).default(3),
    })
    .strict()
    .superRefine((m, ctx) => {
      const row = catalog.find((r) => r.id === m.provider);
      if (row?.requiresBaseUrl && !m.baseUrl) {
        ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: `baseUrl is required for ${row.id} providers` });
      }
      const modelError = row?.validateModel?.(m.model);
      if (modelError) ctx.addIssue({ code: 'custom', path: ['model'], message: modelError });
    });
}
