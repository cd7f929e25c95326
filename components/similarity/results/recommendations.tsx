import { plural } from '../format';
import type { Issue, Priority, Recommendations as RecommendationsData, Revision } from '../types';
import { ToolRecommendations } from './tool-recommendations';

const RANK: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

export type ToolGroup = { tool: string; issues: Issue[]; revision: Revision | undefined; top: Priority };

function groupByTool(data: RecommendationsData): ToolGroup[] {
  const byTool = new Map<string, Issue[]>();
  for (const issue of data.issues) byTool.set(issue.tool, [...(byTool.get(issue.tool) ?? []), issue]);
  const revisions = new Map(data.revisions.map((r) => [r.tool, r]));
  const tools = new Set([...byTool.keys(), ...revisions.keys()]);
  return [...tools]
    .map((tool): ToolGroup => {
      const issues = (byTool.get(tool) ?? []).sort((a, b) => RANK[a.priority] - RANK[b.priority]);
      return { tool, issues, revision: revisions.get(tool), top: issues[0]?.priority ?? 'low' };
    })
    .sort((a, b) => RANK[a.top] - RANK[b.top] || b.issues.length - a.issues.length);
}

/** Issues grouped by the tool to edit, each with its revised description and JSON Patch. */
export function Recommendations({ data }: { data: RecommendationsData }) {
  const groups = groupByTool(data);
  if (!groups.length) {
    return (
      <div className="state state-empty">
        <strong>No recommendations.</strong>
        <span>No pair is flagged, so no description needs to change. Lower the threshold to review near misses.</span>
      </div>
    );
  }
  return (
    <div className="sim-recs">
      <p className="muted">
        {plural(data.issues.length, 'issue')} across {plural(groups.length, 'tool')}, from {plural(data.pairsConsidered, 'flagged pair')}. Revised
        descriptions written by {data.revisedBy === 'rules' ? 'rules (send an LLM key through the API for LLM-written ones)' : data.revisedBy}.
        {data.truncated ? ' Only the strongest pairs were considered.' : ''}
      </p>
      {data.notes.length ? (
        <ul className="sim-callout is-warn">
          {data.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {groups.map((g, i) => (
        <ToolRecommendations key={g.tool} group={g} open={i < 3} revisions={data.revisions} />
      ))}
    </div>
  );
}
