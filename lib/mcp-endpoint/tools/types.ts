import type { z } from 'zod';
import type { CallInfo, Rendered } from '../budget';

/** keyId: the calling /mcp key, so shared resources (query_sql's processes) can be shared fairly between keys. */
export type ToolContext = CallInfo & { signal: AbortSignal; keyId?: string };

/** One read-only tool of the /mcp endpoint: its zod input schema is also what tools/list shows. */
export type EndpointTool<S extends z.ZodObject> = {
  name: string;
  title: string;
  /** A function so query_sql can describe the schema of the database it is about to read. */
  description: () => string;
  inputSchema: S;
  run(args: z.infer<S>, ctx: ToolContext): Rendered | Promise<Rendered>;
};

export type Prepared = { ok: true; run: () => Rendered | Promise<Rendered> } | { ok: false; error: z.ZodError };

/** A tool of any schema: arguments are parsed by the tool's own schema before it runs. */
export type AnyEndpointTool = Omit<EndpointTool<z.ZodObject>, 'run'> & {
  prepare(rawArgs: unknown, ctx: ToolContext): Prepared;
};

export function defineTool<S extends z.ZodObject>(tool: EndpointTool<S>): AnyEndpointTool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    prepare(rawArgs, ctx) {
      const parsed = tool.inputSchema.safeParse(rawArgs ?? {});
      return parsed.success ? { ok: true, run: () => tool.run(parsed.data, ctx) } : { ok: false, error: parsed.error };
    },
  };
}
