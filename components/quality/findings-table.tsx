'use client';

import { useId, useState } from 'react';
import type { LintResult } from './api';
import { SeverityBadge } from './severity';

type Severity = 'error' | 'warning' | 'info';
const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Every finding of a lint, worst first, filterable by severity. Text from servers is rendered as text only. */
export function FindingsTable({ result }: { result: LintResult }) {
  const id = useId();
  const [severity, setSeverity] = useState<Severity | 'all'>('all');
  const rows = [...result.servers.flatMap((s) => s.findings), ...result.tools.flatMap((t) => t.findings)]
    .filter((f) => severity === 'all' || f.severity === severity)
    .sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || a.tool.localeCompare(b.tool));
  const shown = rows.slice(0, 500);
  return (
    <div>
      <div className="field">
        <label htmlFor={`${id}-sev`}>Show</label>
        <select id={`${id}-sev`} value={severity} onChange={(e) => setSeverity(e.target.value as Severity | 'all')}>
          <option value="all">All findings ({result.summary.bySeverity.error + result.summary.bySeverity.warning + result.summary.bySeverity.info})</option>
          <option value="error">Errors ({result.summary.bySeverity.error})</option>
          <option value="warning">Warnings ({result.summary.bySeverity.warning})</option>
          <option value="info">Notes ({result.summary.bySeverity.info})</option>
        </select>
      </div>
      {shown.length === 0 ? (
        <p className="muted" role="status">
          No findings of this kind.
        </p>
      ) : (
        <table>
          <caption className="muted">
            {rows.length > shown.length ? `The first ${shown.length} of ${rows.length} findings; download SARIF or Markdown for all of them.` : `${rows.length} finding${rows.length === 1 ? '' : 's'}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Severity</th>
              <th scope="col">Rule</th>
              <th scope="col">Finding</th>
              <th scope="col">Fix</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((f, i) => (
              <tr key={`${f.tool}-${f.ruleId}-${i}`}>
                <td>
                  <code>{f.tool || '(no server)'}</code>
                </td>
                <td>
                  <SeverityBadge severity={f.severity} />
                </td>
                <td>
                  <code>{f.ruleId}</code>
                </td>
                <td>{f.message}</td>
                <td>{f.fix}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
