import { convertTool, toolItemsOf } from '@/lib/servers/static-tools/formats/registry';
import { ANNOTATION_HINTS, toolNameProblem, toolSchemaProblem, type StaticTool, type ToolAnnotations } from '@/lib/servers/static-tools/tool';

export type AnnotationHint = (typeof ANNOTATION_HINTS)[number];

/** One tool of the static tool editor, as typed (schemas as JSON text). */
export type ToolDraft = {
  id: number;
  name: string;
  description: string;
  inputSchema: string;
  /** Empty: no output schema. */
  outputSchema: string;
  title: string;
  hints: Partial<Record<AnnotationHint, boolean>>;
};

/** A hint's three states in the editor: left out (MCP's default applies), true or false. */
export type HintChoice = 'unset' | 'true' | 'false';

/** What MCP assumes when a hint is left out (the spec's defaults), shown beside "not set". */
export const HINT_DEFAULTS: Record<AnnotationHint, boolean> = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };

export function hintChoice(draft: ToolDraft, hint: AnnotationHint): HintChoice {
  const v = draft.hints[hint];
  return v === undefined ? 'unset' : v ? 'true' : 'false';
}

/** The draft with one hint set to true, false, or left out. */
export function withHint(draft: ToolDraft, hint: AnnotationHint, choice: HintChoice): ToolDraft {
  const hints = { ...draft.hints };
  if (choice === 'unset') delete hints[hint];
  else hints[hint] = choice === 'true';
  return { ...draft, hints };
}

export type ToolDraftErrors = Partial<Record<'name' | 'inputSchema' | 'outputSchema', string>>;

let nextDraftId = 1;
const pretty = (value: unknown) => JSON.stringify(value, null, 2);

export function newToolDraft(tool?: Partial<StaticTool>): ToolDraft {
  const a = tool?.annotations ?? {};
  return {
    id: nextDraftId++,
    name: tool?.name ?? '',
    description: tool?.description ?? '',
    inputSchema: pretty(tool?.inputSchema ?? { type: 'object', properties: {} }),
    outputSchema: tool?.outputSchema ? pretty(tool.outputSchema) : '',
    title: a.title ?? '',
    hints: Object.fromEntries(ANNOTATION_HINTS.filter((h) => a[h] !== undefined).map((h) => [h, a[h]])),
  };
}

function parseJson(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (err) {
    return { error: `is not valid JSON (${err instanceof Error ? err.message : 'parse error'})` };
  }
}

function schemaError(text: string, field: string): string | undefined {
  const parsed = parseJson(text);
  if ('error' in parsed) return `${field} ${parsed.error}`;
  const problem = toolSchemaProblem(parsed.value);
  return problem ? `${field} ${problem}` : undefined;
}

/** Live checks of one draft, the same rules the API applies (names unique among `all`). */
export function checkToolDraft(draft: ToolDraft, all: ToolDraft[]): ToolDraftErrors {
  const errors: ToolDraftErrors = {};
  const nameProblem = toolNameProblem(draft.name.trim());
  if (nameProblem) errors.name = nameProblem;
  else if (all.some((d) => d.id !== draft.id && d.name.trim() === draft.name.trim() && all.indexOf(d) < all.indexOf(draft))) {
    errors.name = 'another tool above already has this name';
  }
  const input = schemaError(draft.inputSchema, 'input schema');
  if (input) errors.inputSchema = input;
  if (draft.outputSchema.trim() !== '') {
    const output = schemaError(draft.outputSchema, 'output schema');
    if (output) errors.outputSchema = output;
  }
  return errors;
}

function annotationsOf(draft: ToolDraft): ToolAnnotations | undefined {
  const annotations: ToolAnnotations = { ...(draft.title.trim() ? { title: draft.title.trim() } : {}) };
  for (const h of ANNOTATION_HINTS) if (draft.hints[h] !== undefined) annotations[h] = draft.hints[h];
  return Object.keys(annotations).length ? annotations : undefined;
}

/** The draft as the API takes it; schemas that do not parse go as text so the API names them. */
export function toolFromDraft(draft: ToolDraft): Record<string, unknown> {
  const input = parseJson(draft.inputSchema);
  const output = draft.outputSchema.trim() === '' ? undefined : parseJson(draft.outputSchema);
  const annotations = annotationsOf(draft);
  return {
    name: draft.name.trim(),
    description: draft.description,
    inputSchema: 'value' in input ? input.value : draft.inputSchema,
    ...(output ? { outputSchema: 'value' in output ? output.value : draft.outputSchema } : {}),
    ...(annotations ? { annotations } : {}),
  };
}

export type PasteResult = { drafts: ToolDraft[]; formats: string[]; errors: string[] };

/**
 * Pasted text in any supported format (a tools/list result, OpenAI or Anthropic definitions,
 * the data file's tools) as drafts; items that are no tool definition are reported, not kept.
 */
export function draftsFromPaste(text: string): PasteResult {
  const parsed = parseJson(text);
  if ('error' in parsed) return { drafts: [], formats: [], errors: [`The pasted text ${parsed.error}`] };
  const items = toolItemsOf(parsed.value);
  if (!Array.isArray(items)) return { drafts: [], formats: [], errors: [items.error] };
  const drafts: ToolDraft[] = [];
  const formats = new Set<string>();
  const errors: string[] = [];
  items.forEach((item, i) => {
    const converted = convertTool(item);
    if ('error' in converted) return void errors.push(`Item ${i} ${converted.error}`);
    formats.add(converted.format);
    const t = converted.tool;
    drafts.push(
      newToolDraft({
        name: typeof t.name === 'string' ? t.name : '',
        description: typeof t.description === 'string' ? t.description : '',
        inputSchema: t.inputSchema as Record<string, unknown>,
        outputSchema: t.outputSchema as Record<string, unknown> | undefined,
        annotations: (typeof t.annotations === 'object' && t.annotations !== null ? t.annotations : undefined) as ToolAnnotations | undefined,
      }),
    );
  });
  return { drafts, formats: [...formats], errors };
}
