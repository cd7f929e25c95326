import type { AnalyzeResult } from '../types';

/** Live servers that could not be listed (the rest were analysed) and the server's warnings. */
export function SourceIssues({ result }: { result: AnalyzeResult }) {
  if (!result.errors.length && !result.warnings.length) return null;
  return (
    <div className="sim-issues">
      {result.errors.length ? (
        <div className="sim-callout is-bad" role="alert">
          <strong>{result.errors.length === 1 ? 'One source could not be listed' : `${result.errors.length} sources could not be listed`}; the other tools were analysed.</strong>
          <ul>
            {result.errors.map((e) => (
              <li key={e.source}>
                <code>{e.source}</code>: {e.message}
              </li>
            ))}
          </ul>
          <p className="sim-small">Check that these servers are running and reachable, then run the analysis again.</p>
        </div>
      ) : null}
      {result.warnings.length ? (
        <div className="sim-callout is-warn">
          <strong>Warnings</strong>
          <ul>
            {result.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
