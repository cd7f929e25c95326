import type { Tool } from '@/components/data/types';

export type SchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'unknown';

/** One top-level argument of a tool, as the argument editor needs it. */
export type PropertySpec = {
  name: string;
  type: SchemaType;
  required: boolean;
  /** Untrusted text from the MCP server: render as text only. */
  description: string | null;
  enumValues: unknown[] | null;
};

const KNOWN_TYPES: readonly SchemaType[] = ['string', 'number', 'integer', 'boolean', 'array', 'object'];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `type` may be a string, a list (["string", "null"]) or missing (anyOf, $ref): unknown then. */
function readType(schema: Record<string, unknown>): SchemaType {
  const raw = schema.type;
  const candidates = Array.isArray(raw) ? raw.filter((t) => t !== 'null') : [raw];
  const [first] = candidates;
  if (candidates.length === 1 && typeof first === 'string' && (KNOWN_TYPES as readonly string[]).includes(first)) return first as SchemaType;
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return 'string';
  return 'unknown';
}

/** The properties of a tool's inputSchema, required ones first, each in schema order. */
export function readSchemaProperties(tool: Pick<Tool, 'inputSchema'>): PropertySpec[] {
  const properties = isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const required = new Set(Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : []);
  const specs = Object.entries(properties).map(([name, raw]): PropertySpec => {
    const schema = isRecord(raw) ? raw : {};
    return {
      name,
      type: readType(schema),
      required: required.has(name),
      description: typeof schema.description === 'string' && schema.description.trim() ? schema.description : null,
      enumValues: Array.isArray(schema.enum) && schema.enum.length > 0 ? schema.enum : null,
    };
  });
  return [...specs.filter((s) => s.required), ...specs.filter((s) => !s.required)];
}
