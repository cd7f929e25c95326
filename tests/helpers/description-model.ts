import { SELF_ASSESSMENT_LEAD } from '@/lib/providers/shared/prompts';
import { startLlmServer, type LlmServer, type ScriptedReply, type ScriptedRequest } from './llm-server';

/**
 * A scripted model whose choice depends on the tool descriptions it is shown, so that
 * rewriting a description changes its answers (the design loop's experiments need exactly
 * that, deterministically and offline). It speaks through the scripted LLM server, so the
 * real OpenAI and Anthropic SDKs talk to it.
 *
 * The rule: the query's content words are compared with each offered tool's name + description
 * words; the tool sharing the most distinct words wins, ties go to the tool offered first, and
 * below `minOverlap` shared words it answers in text without a tool call. Words are lowercase
 * [a-z0-9] runs, identifiers split at _ - . and camelCase, a short stop-word list dropped, and a
 * plural -s trimmed. Arguments are {} unless the query names them as `key=value` (or
 * key="quoted value"), kept only when the chosen tool's inputSchema has that property; such
 * pairs are not counted as words. The self-assessment turn gets a fixed confidence.
 */

export type DescriptionModelOptions = {
  /** Fewest shared words for a tool call (default 1). */
  minOverlap?: number;
  /** Confidence the model states in the self-assessment turn (default 0.8). */
  confidence?: number;
};

export type OfferedTool = { name: string; description: string; properties: string[] };

export type DescriptionChoice = {
  /** The chosen tool, or null for "no tool". */
  tool: string | null;
  arguments: Record<string, unknown>;
  /** Shared-word count per offered tool, in offer order (for assertions and debugging). */
  scores: Array<{ name: string; shared: string[] }>;
};

const STOP_WORDS = new Set(
  'a an and are as at be by can do for from get give how i in is it me my of on or please show tell that the this to what when where which who with you your'.split(' '),
);

const ASSIGNMENT = /([A-Za-z_][\w-]*)=("(?:[^"\\]|\\.)*"|[^\s,;]+)/g;

/** The words the model compares: lowercase, identifiers split, stop words and plural -s dropped. */
export function modelWords(text: string): Set<string> {
  const spaced = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const words = new Set<string>();
  for (const raw of spaced.match(/[a-z0-9]+/g) ?? []) {
    if (raw.length < 2 || STOP_WORDS.has(raw)) continue;
    words.add(raw.length > 3 && raw.endsWith('s') && !raw.endsWith('ss') ? raw.slice(0, -1) : raw);
  }
  return words;
}

function parseValue(raw: string): unknown {
  if (raw.startsWith('"')) return JSON.parse(raw) as unknown;
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'number' || typeof value === 'boolean' || value === null ? value : raw;
  } catch {
    return raw;
  }
}

/** The model's decision for a query and the tools as offered, in offer order. */
export function chooseByDescription(query: string, tools: readonly OfferedTool[], options: DescriptionModelOptions = {}): DescriptionChoice {
  const minOverlap = options.minOverlap ?? 1;
  const named = [...query.matchAll(ASSIGNMENT)].map((m) => [m[1]!, parseValue(m[2]!)] as const);
  const queryWords = modelWords(query.replace(ASSIGNMENT, ' '));
  const scores = tools.map((tool) => {
    const toolWords = modelWords(`${tool.name} ${tool.description}`);
    return { name: tool.name, shared: [...queryWords].filter((w) => toolWords.has(w)) };
  });
  let best = -1;
  scores.forEach((score, i) => {
    if (score.shared.length >= minOverlap && (best < 0 || score.shared.length > scores[best]!.shared.length)) best = i;
  });
  const chosen = best < 0 ? null : tools[best]!;
  const args = chosen ? Object.fromEntries(named.filter(([key]) => chosen.properties.includes(key))) : {};
  return { tool: chosen?.name ?? null, arguments: args, scores };
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function propertiesOf(schema: unknown): string[] {
  return isObject(schema) && isObject(schema.properties) ? Object.keys(schema.properties) : [];
}

/** The tools of an OpenAI chat-completions or Anthropic messages request, in order. */
export function readOfferedTools(body: unknown): OfferedTool[] {
  if (!isObject(body) || !Array.isArray(body.tools)) return [];
  return body.tools.flatMap((entry): OfferedTool[] => {
    if (!isObject(entry)) return [];
    // OpenAI: {type: 'function', function: {name, description, parameters}}; Anthropic: {name, description, input_schema}.
    const fn = isObject(entry.function) ? entry.function : entry;
    if (typeof fn.name !== 'string') return [];
    const description = typeof fn.description === 'string' ? fn.description : '';
    return [{ name: fn.name, description, properties: propertiesOf(fn.parameters ?? fn.input_schema) }];
  });
}

/** The reply function for LlmScript.respond. */
export function respondByDescription(options: DescriptionModelOptions = {}): (request: ScriptedRequest) => ScriptedReply | undefined {
  return ({ body, query }) => {
    if (query === null) return undefined;
    if (query.startsWith(SELF_ASSESSMENT_LEAD)) {
      const confidence = options.confidence ?? 0.8;
      return { text: JSON.stringify({ confidence, reasoning: 'Chosen by the words the query shares with the tool descriptions.' }) };
    }
    const choice = chooseByDescription(query, readOfferedTools(body), options);
    if (choice.tool === null) return { text: 'None of the tools fits this request.' };
    return { toolCalls: [{ name: choice.tool, arguments: choice.arguments }] };
  };
}

/** A scripted LLM server (OpenAI and Anthropic wire formats) that answers as described above. */
export function startDescriptionModel(options: DescriptionModelOptions = {}): Promise<LlmServer> {
  return startLlmServer({ respond: respondByDescription(options) });
}
