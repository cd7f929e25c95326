import { formatToolRef } from '@/lib/eval/judge/classify';

/** How "no tool called" (or "no tool expected") shows in metric labels and the confusion matrix. */
export const NO_TOOL = 'none';

/** "server/tool", as everywhere else; it cannot collide with "none", which has no slash. */
export function formatToolLabel(server: string | null, tool: string | null): string {
  return tool === null ? NO_TOOL : formatToolRef({ server: server ?? '', tool });
}

/** Tools in code-unit order (the same in every locale), "none" last. */
export function compareToolLabels(a: string, b: string): number {
  if (a === b) return 0;
  if (a === NO_TOOL) return 1;
  if (b === NO_TOOL) return -1;
  return a < b ? -1 : 1;
}
