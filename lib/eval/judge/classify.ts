/** A tool is identified by its server AND its name: two servers may both offer `search`. */
import type { ToolRef } from '../../providers/tool-names';

export type { ToolRef };

export type Classification = 'TP' | 'FP' | 'TN' | 'FN';

/** Why a selection was wrong, as the typed failure reasons of SPEC section 4 name it. */
export type SelectionFailureReason = 'wrong_tool' | 'no_tool_called' | 'unexpected_tool_call';

/** Exact comparison: MCP tool names are case-sensitive, and server names are the registered ones. */
export function isSameTool(a: ToolRef | null, b: ToolRef | null): boolean {
  if (a === null || b === null) return a === b;
  return a.server === b.server && a.tool === b.tool;
}

export function classify(expected: ToolRef | null, selected: ToolRef | null): Classification {
  if (expected === null) return selected === null ? 'TN' : 'FP';
  return isSameTool(expected, selected) ? 'TP' : 'FN';
}

export function isCorrect(classification: Classification): boolean {
  return classification === 'TP' || classification === 'TN';
}

export function findSelectionFailure(expected: ToolRef | null, selected: ToolRef | null): SelectionFailureReason | null {
  if (isSameTool(expected, selected)) return null;
  if (expected === null) return 'unexpected_tool_call';
  return selected === null ? 'no_tool_called' : 'wrong_tool';
}

/** "server/tool", the id the similarity analysis and the UI use; "no tool" for null. */
export function formatToolRef(ref: ToolRef | null): string {
  return ref === null ? 'no tool' : `${ref.server}/${ref.tool}`;
}
