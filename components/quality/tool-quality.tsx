import type { Finding } from '@/lib/quality/types';
import { ScoreBadge, SeverityBadge } from './severity';

/**
 * The lint of one tool, compact: its score and a folded list of findings. Messages come from
 * the lint (they quote the tool's own text) and are rendered as text nodes only.
 */
export function ToolQuality({ toolName, score, findings }: { toolName: string; score: number; findings: Finding[] }) {
  if (!findings.length) {
    return (
      <p className="muted srv-small">
        Description quality <ScoreBadge score={score} label={`Description quality of ${toolName}`} />: no findings.
      </p>
    );
  }
  return (
    <details>
      <summary>
        Description quality <ScoreBadge score={score} label={`Description quality of ${toolName}`} />: {findings.length} finding{findings.length === 1 ? '' : 's'}
      </summary>
      <ul className="srv-small">
        {findings.map((f, i) => (
          <li key={`${f.ruleId}-${i}`}>
            <SeverityBadge severity={f.severity} /> <code>{f.ruleId}</code> {f.message} <span className="muted">Fix: {f.fix}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
