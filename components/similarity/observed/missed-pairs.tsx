import { score } from '../format';
import { ToolName } from '../results/tool-name';
import type { Observed } from './use-observed';

/** Pairs the runs confused that the analysis did not flag: where the descriptions look distinct but are not to a model. */
export function MissedPairs({ observed, threshold }: { observed: Observed; threshold: number }) {
  if (observed.state === 'loading') return <p className="muted" role="status">Loading the evaluated runs’ confusions…</p>;
  if (observed.state === 'error') return <p className="sim-callout is-bad">The runs’ confusions could not be loaded: {observed.message}</p>;
  if (observed.state === 'off') return null;
  const { missed, confusedPairs } = observed.data;
  if (confusedPairs === 0) {
    return (
      <div className="state state-empty" data-testid="sim-missed-empty">
        <strong>No evaluated run confused two of these tools.</strong>
        <span>Run test cases against these servers (Runs page) to compare the analysis with what models actually did.</span>
      </div>
    );
  }
  return (
    <div data-testid="sim-missed">
      <p className="muted">
        Evaluated runs confused {confusedPairs} pair{confusedPairs === 1 ? '' : 's'} of these tools; {missed.length === 0 ? 'the analysis flagged every one of them.' : `${missed.length} of them stayed under the threshold ${threshold}:`}
      </p>
      {missed.length ? (
        <div className="sim-table-wrap">
          <table className="sim-table" data-testid="sim-missed-table">
            <caption className="sr-only">Pairs confused in evaluated runs but not flagged by the similarity analysis</caption>
            <thead>
              <tr>
                <th scope="col">Tool A</th>
                <th scope="col">Tool B</th>
                <th scope="col" className="sim-num">
                  Similarity
                </th>
                <th scope="col" className="sim-num">
                  Confused in runs
                </th>
              </tr>
            </thead>
            <tbody>
              {missed.map((m) => (
                <tr key={`${m.toolA}\u0000${m.toolB}`}>
                  <td>
                    <ToolName id={m.toolA} />
                  </td>
                  <td>
                    <ToolName id={m.toolB} />
                  </td>
                  <td className="sim-num">{score(m.similarity)}</td>
                  <td className="sim-num">{m.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
