import { z } from 'zod';
import { convertTool } from './formats/registry';
import { MAX_STATIC_TOOLS, StaticToolSchema, toolNameProblem, toolSchemaProblem, type StaticTool } from './tool';

export type ToolIssue = { path: (string | number)[]; message: string };

function label(index: number, name: unknown): string {
  return typeof name === 'string' && name ? `tool ${index} ("${name}")` : `tool ${index}`;
}

/**
 * Every problem of a tool list, each naming the tool (index and name) and the field. Items may
 * come in any supported format (formats/registry.ts): they are converted first, and the
 * paths name MCP's fields (`3.inputSchema`) whatever the source called them.
 */
export function checkStaticTools(items: unknown[]): { tools: StaticTool[]; issues: ToolIssue[] } {
  const issues: ToolIssue[] = [];
  const tools: StaticTool[] = [];
  const seen = new Map<string, number>();
  if (items.length > MAX_STATIC_TOOLS) issues.push({ path: [], message: `at most ${MAX_STATIC_TOOLS} tools` });
  items.forEach((item, index) => {
    const converted = convertTool(item);
    if ('error' in converted) {
      issues.push({ path: [index], message: `${label(index, (item as { name?: unknown } | null)?.name)}: ${converted.error}` });
      return;
    }
    const raw = converted.tool;
    const who = label(index, raw.name);
    const nameProblem = toolNameProblem(raw.name);
    if (nameProblem) issues.push({ path: [index, 'name'], message: `${who}: ${nameProblem}` });
    else {
      const name = String(raw.name);
      const first = seen.get(name);
      if (first !== undefined) issues.push({ path: [index, 'name'], message: `${who}: duplicate name, already used by tool ${first}` });
      else seen.set(name, index);
    }
    const inputProblem = toolSchemaProblem(raw.inputSchema);
    if (inputProblem) issues.push({ path: [index, 'inputSchema'], message: `${who}: inputSchema ${inputProblem}` });
    if (raw.outputSchema !== undefined) {
      const outputProblem = toolSchemaProblem(raw.outputSchema);
      if (outputProblem) issues.push({ path: [index, 'outputSchema'], message: `${who}: outputSchema ${outputProblem}` });
    }
    const parsed = StaticToolSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.map(String);
        // name and schemas were reported above with a clearer message
        if (['name', 'inputSchema', 'outputSchema'].includes(field[0] ?? '') && field.length === 1) continue;
        issues.push({ path: [index, ...field], message: `${who}: ${field.join('.') || 'tool'} ${issue.message}` });
      }
    } else if (!nameProblem && !inputProblem) tools.push(parsed.data);
  });
  return { tools, issues };
}

/** A `tools` field of a request body: any supported format in, MCP tools out, issues at `tools.<i>.<field>`. */
export const StaticToolListSchema = z.array(z.unknown()).transform((items, ctx) => {
  const { tools, issues } = checkStaticTools(items);
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return issues.length ? z.NEVER : tools;
});
