'use client';

import { useId, useState } from 'react';
import { ErrorState } from '@/components/ui/states';
import { LINT_DOWNLOADS, useDownloadLint, useLint, type LintBody } from './api';
import { FindingsTable } from './findings-table';
import { ScoreBadge } from './severity';

/**
 * "Lint descriptions" for the input of the similarity form: per server a score, every
 * finding, and the SARIF and Markdown files. `readSource` reads the form's source when the
 * button is pressed (a pasted list is parsed then, not on every keystroke).
 */
export function LintPanel({ readSource }: { readSource: () => { body?: LintBody; error?: string } }) {
  const id = useId();
  const lint = useLint();
  const [sent, setSent] = useState<LintBody>({});
  const [problem, setProblem] = useState<string | null>(null);
  const download = useDownloadLint(sent);
  const result = lint.data;
  const run = () => {
    const { body, error } = readSource();
    setProblem(body ? null : (error ?? 'Choose the tools to lint first.'));
    if (!body) return;
    setSent(body);
    lint.mutate(body);
  };
  return (
    <section className="panel" aria-labelledby={`${id}-title`} aria-busy={lint.isPending}>
      <h2 id={`${id}-title`}>Description quality</h2>
      <p className="muted">
        Lints each description offline against the rubric of &ldquo;MCP Tool Descriptions Are Smelly!&rdquo;, the MCP naming and annotation rules,
        schema hygiene, client limits and server boilerplate.
      </p>
      <div className="sim-form-actions">
        <button type="button" className="btn" disabled={lint.isPending} onClick={run}>
          {lint.isPending ? 'Linting…' : 'Lint descriptions'}
        </button>
        {problem ? (
          <span className="sim-small" role="alert">
            {problem}
          </span>
        ) : null}
      </div>
      {lint.isError ? <ErrorState error={lint.error} onRetry={run} /> : null}
      {result ? (
        <div role="region" aria-label="Lint results">
          <p role="status">
            {result.summary.toolCount} tools on {result.summary.serverCount} server{result.summary.serverCount === 1 ? '' : 's'}, mean score{' '}
            {result.summary.meanToolScore}; {result.summary.bySeverity.error} errors, {result.summary.bySeverity.warning} warnings,{' '}
            {result.summary.bySeverity.info} notes.
          </p>
          {result.errors.length ? (
            <p className="sim-callout is-warn">Not linted: {result.errors.map((e) => `${e.source} (${e.message})`).join('; ')}</p>
          ) : null}
          <ul aria-label="Scores per server">
            {result.servers.map((s) => (
              <li key={s.name}>
                {s.name || '(no server)'} <ScoreBadge score={s.score} label={`Description quality of ${s.name || 'the tools without a server'}`} />{' '}
                <span className="muted">({s.toolCount} tools)</span>
              </li>
            ))}
          </ul>
          <div className="sim-form-actions" role="group" aria-label="Download the lint">
            {LINT_DOWNLOADS.map((d) => (
              <button key={d.format} type="button" className="btn btn-small" disabled={download.isPending} onClick={() => download.mutate(d)}>
                Download {d.label}
              </button>
            ))}
            {download.isError ? <span role="alert">{download.error.message}</span> : null}
          </div>
          <FindingsTable result={result} />
        </div>
      ) : null}
    </section>
  );
}
