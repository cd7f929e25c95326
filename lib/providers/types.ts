import type { z } from 'zod';
import { PROVIDER_CATALOG, type ProviderId } from './catalog';
import { buildModelConfigSchema } from './model-config';

export { LOCAL_MODELS, PROVIDER_IDS, type LocalModel, type ProviderId } from './catalog';

/** A model configuration as given per run (SPEC section 10), for the providers of the table; keys never live here. */
export const ModelConfigSchema = buildModelConfigSchema(PROVIDER_CATALOG);
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
  /**
   * Earlier turns of the conversation (a selection case's `context`), sent before the query in
   * the provider's multi-turn format, as sequence mode sends them; the self-assessment turn
   * replays them too. Providers that cannot hold a conversation (the local router) ignore it.
   */
  context?: ConversationMessage[];
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

/** A tool call the conversation already holds: the id pairs it with its result. */
export type ConversationToolCall = Omit<ToolCall, 'id'> & { id: string };

/**
 * One message of a multi-turn conversation (sequence mode), whatever the provider: each
 * provider writes it in its own wire format (OpenAI `tool` messages, Anthropic `tool_result`
 * blocks). Every assistant tool call is answered by a `tool` message with its id.
 */
export type ConversationMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; text: string | null; toolCalls: ConversationToolCall[] }
  | { role: 'tool'; callId: string; content: string; isError?: boolean };

/** The next turn of a conversation: the tools stay offered and the model may call them again. */
export type ConversationRequest = ProviderTarget & {
  tools: ExposedTool[];
  messages: ConversationMessage[];
  signal: AbortSignal;
};

export type SelfAssessment = { confidence: number; reasoning: string; usage: Usage; raw: unknown };

/** What a provider needs to reach a model, without the question: settings, key and the job's client cache. */
export type ProviderTarget = Pick<SelectionRequest, 'model' | 'apiKey' | 'clients'>;

/** A plain text answer to one prompt, with no tools (e.g. a description revision). */
export type CompletionRequest = ProviderTarget & {
  system: string;
  prompt: string;
  signal: AbortSignal;
  /** The provider's default when absent (only APIs that require a limit send one). */
  maxTokens?: number;
};

export type Completion = { text: string | null; usage: Usage; raw: unknown };

/** Vectors for a batch of texts (lib/embeddings' remote models reach their API through here). */
export type EmbeddingRequest = {
  model: string;
  input: string[];
  apiKey: string;
  /** The provider's public endpoint when absent. */
  baseUrl?: string;
  /** Names the upstream in error messages. */
  label: string;
  timeoutMs: number;
  maxRetries: number;
  signal: AbortSignal;
  clients?: ClientCache;
};

/** One vector per input, as the API numbered them (the caller checks count and size). */
export type EmbeddingItem = { index: number; embedding: ArrayLike<number> };

/** What a provider's folder implements; its metadata is its row in catalog.ts. */
export type ProviderImplementation = {
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
  /**
   * One model turn of a conversation with tool results fed back (sequence mode): the answer's
   * calls, in order, and text. Providers that cannot hold a conversation (the local router)
   * leave it out and the agent loop makes a single selection instead.
   */
  converse?(req: ConversationRequest): Promise<Selection>;
  /** Every LLM call outside tool selection goes through here; only rows with capabilities.textCompletion have it. */
  complete?(req: CompletionRequest): Promise<Completion>;
  /** Only rows with capabilities.embeddings have it. */
  embed?(req: EmbeddingRequest): Promise<EmbeddingItem[]>;
};

/** A provider as the registry serves it: its row's metadata plus its implementation. */
export type ProviderDefinition = ProviderImplementation & {
  id: ProviderId;
  description: string;
  requiresApiKey: boolean;
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
