/** Shared shapes of the similarity analysis (SPEC section 6). Nothing here is persisted. */

export type SimilarityParameter = {
  name: string;
  /** JSON Schema type or the informal "(string)" type of the shared data file; null if unknown. */
  type: string | null;
  description: string;
  required: boolean;
};

/** One tool after input extraction; `id` is "server/tool" and unique within an analysis. */
export type SimilarityTool = {
  id: string;
  server: string;
  name: string;
  description: string;
  parameters: SimilarityParameter[];
  /** The original JSON Schema when the input had one (used for RFC 6902 apply commands). */
  inputSchema?: Record<string, unknown>;
  /** The tool's MCP outputSchema when the input had one: recommendations name the output fields only one of two tools returns. */
  outputSchema?: Record<string, unknown>;
  /** MCP tool annotations (readOnlyHint, destructiveHint, ...) when the input had them; read by the description lint. */
  annotations?: Record<string, unknown>;
  /** Set when a live tool had no description and `description` holds its title or name instead. */
  describedBy?: 'title' | 'name';
};
