import { z } from 'zod';
import { LOCAL_MODELS, PROVIDER_IDS, type ProviderId } from './catalog';

export { LOCAL_MODELS, PROVIDER_IDS, type LocalModel, type ProviderId } from './catalog';

/** A model configuration as given per run (SPEC section 10); keys never live here. */
export const ModelConfigSchema = z
  .object({
    provider: z.enum(PROVIDER_IDS),
    model: z.string().trim().min(1).max(200),
    // Stored for audit and shown in the UI, so it must not carry credentials: keys go in headers.
    baseUrl: z
      .string()
      .url()
      .max(2048)
      // zod runs refinements even after .url() failed: parse defensively.
      .refine((u) => /^https?:$/.test(URL.parse(u)?.protocol ?? ''), 'baseUrl must use http or https')
      .refine((u) => !URL.parse(u)?.username && !URL.parse(u)?.password, 'baseUrl cannot contain credentials: send the key in a header')
      .refine((u) => ![...(URL.parse(u)?.searchParams.keys() ?? [])].some((k) => /key|token|secret|sig|password/i.test(k)), 'baseUrl cannot carry a key in its query string: send it in a header')
      .optional(),
    systemPrompt: z.string().max(20_000).optional(),
    /** Seconds, 1-300. */
    timeout: z.number().int().min(1).max(300).default(30),
    temperature: z.number().min(0).max(2).default(0.4),
    maxRetries: z.number().int().min(0).max(10).default(3),
  })
  .strict()
  .superRefine((m, ctx) => {
    if (m.provider === 'openai-compatible' && !m.baseUrl) {
      ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'baseUrl is required for openai-compatible providers' });
    }
    if (m.provider === 'local' && !(LOCAL_MODELS as readonly string[]).includes(m.model)) {
      ctx.addIssue({ code: 'custom', path: ['model'], message: `the local provider's model is one of ${LOCAL_MODELS.join(', ')} (hybrid: TF-IDF + word vectors; lexical: TF-IDF only)` });
    }
  });
export type ModelConfig = z.infer<typeof ModelConfigSchema>;

/** One tool as the model sees it: the provider-safe name plus the snapshot's description and schema. */
export type ExposedTool = {
  exposedName: string;
  description: string;
  inputSchema: Record<string, unknown>;
};

export type ToolCall = {
  /** The provider's id for this call, when it gave one; replayed in the self-assessment turn. */
  id?: string;
  /** The exposed (provider-safe) name the model called. */
  name: string;
  /** Parsed arguments; null when the model sent something that is not a JSON object. */
  arguments: Record<string, unknown> | null;
  /** Why the arguments could not be parsed, if they could not. */
  argumentsError?: string;
};

export type Usage = { inputTokens: number; outputTokens: number };

export type SelectionRequest = {
  model: ModelConfig;
  /** Request-scoped secret; never stored or logged. Absent for keyless providers. */
  apiKey?: string;
  query: string;
  tools: ExposedTool[];
  signal: AbortSignal;
  /**
   * A per-job cache in which providers keep their SDK clients between calls (building a
   * client costs more CPU than a local request). It lives and dies with the job, like the key.
   */
  clients?: ClientCache;
};

export type ClientCache = Map<string, Promise<unknown>>;

export type Selection = {
  /** Every tool call of the response, in order; the first is the selection. */
  toolCalls: ToolCall[];
  /** Text the model answered with, if any. */
  text: string | null;
  /** The provider's response body, as received (kept for audit). */
  raw: unknown;
  usage: Usage;
};

export type SelfAssessment = { confidence: number; reasoning: string; usage: Usage; raw: unknown };

/** What a provider needs to reach a model, without the question: settings, key and the job's client cache. */
export type ProviderTarget = Pick<SelectionRequest, 'model' | 'apiKey' | 'clients'>;

export type ProviderDefinition = {
  id: ProviderId;
  description: string;
  requiresApiKey: boolean;
  /**
   * Opens what the calls will need (a lazily imported SDK and its client, a local model)
   * ahead of the first call, so a run can do it while the tools are being listed instead of
   * after. A failure is left for the calls themselves to report.
   */
  warmUp?(target: ProviderTarget): Promise<void>;
  /** Shows the tools as native tool definitions and asks the query. */
  selectTool(req: SelectionRequest): Promise<Selection>;
  /**
   * Follow-up turn after `selection`: the model rates its own choice as JSON
   * {confidence: 0..1, reasoning}. Used when samples = 1.
   */
  assessConfidence(req: SelectionRequest & { selection: Selection }): Promise<SelfAssessment>;
};

/** A provider call failed (HTTP error, timeout, malformed body); becomes the run's error. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'auth' | 'rate_limit' | 'timeout' | 'bad_response' | 'upstream' | 'aborted',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
