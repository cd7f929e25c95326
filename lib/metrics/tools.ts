import { computeF1, divideOrNull } from './rates';
import { compareToolLabels, NO_TOOL, formatToolLabel } from './tool-label';

/** A confusion cell as SQL grouped it: expected tool x selected tool (NULL tool = none). */
export type ToolPairCount = {
  expectedServer: string | null;
  expectedTool: string | null;
  selectedServer: string | null;
  selectedTool: string | null;
  total: number;
};

export type ToolMetrics = {
  /** "server/tool". */
  tool: string;
  server: string;
  name: string;
  tp: number;
  /** Runs that selected this tool when another tool, or none, was expected. */
  fp: number;
  /** Runs that expected this tool and selected another one, or none. */
  fn: number;
  /** Runs that expected this tool (tp + fn). */
  support: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
};

export type ConfusionMatrix = {
  /** Tools sorted, "none" last (always present). */
  labels: string[];
  /** Non-zero cells only, in label order (expected, then selected). */
  cells: { expected: string; selected: string; count: number }[];
};

type Tally = { server: string; name: string; tp: number; fp: number; fn: number };

/**
 * Per-tool one-vs-rest counts from the confusion cells (at most tools x tools of them,
 * already aggregated in SQL): a wrong-tool run is an fn of the expected tool and an fp
 * of the selected one.
 */
export function summarizeTools(cells: ToolPairCount[]): ToolMetrics[] {
  const tallies = new Map<string, Tally>();
  const tally = (server: string | null, name: string) => {
    const label = formatToolLabel(server, name);
    const found = tallies.get(label) ?? { server: server ?? '', name, tp: 0, fp: 0, fn: 0 };
    tallies.set(label, found);
    return found;
  };
  for (const c of cells) {
    const hit = c.expectedTool !== null && c.expectedServer === c.selectedServer && c.expectedTool === c.selectedTool;
    if (c.expectedTool !== null) tally(c.expectedServer, c.expectedTool)[hit ? 'tp' : 'fn'] += c.total;
    if (c.selectedTool !== null && !hit) tally(c.selectedServer, c.selectedTool).fp += c.total;
  }
  return [...tallies.entries()]
    .sort(([a], [b]) => compareToolLabels(a, b))
    .map(([tool, t]) => ({
      tool,
      server: t.server,
      name: t.name,
      tp: t.tp,
      fp: t.fp,
      fn: t.fn,
      support: t.tp + t.fn,
      precision: divideOrNull(t.tp, t.tp + t.fp),
      recall: divideOrNull(t.tp, t.tp + t.fn),
      f1: computeF1(t.tp, t.fp, t.fn),
    }));
}

/** Expected tool (rows) x selected tool (columns), with "none" for no tool. */
export function buildConfusionMatrix(cells: ToolPairCount[]): ConfusionMatrix {
  const counts = new Map<string, { expected: string; selected: string; count: number }>();
  const labelSet = new Set<string>([NO_TOOL]);
  for (const c of cells) {
    const expected = formatToolLabel(c.expectedServer, c.expectedTool);
    const selected = formatToolLabel(c.selectedServer, c.selectedTool);
    labelSet.add(expected).add(selected);
    // Keyed by label so two pairs that print the same (a "/" in a server name) still merge.
    const key = JSON.stringify([expected, selected]);
    const cell = counts.get(key) ?? { expected, selected, count: 0 };
    cell.count += c.total;
    counts.set(key, cell);
  }
  const labels = [...labelSet].sort(compareToolLabels);
  const position = new Map(labels.map((label, i) => [label, i]));
  const at = (label: string) => position.get(label) ?? 0;
  const sorted = [...counts.values()].sort((a, b) => at(a.expected) - at(b.expected) || at(a.selected) - at(b.selected));
  return { labels, cells: sorted };
}
