import { plural, score } from '../format';
import type { Cluster } from '../types';
import { ToolName } from './tool-name';

/** Groups of tools linked by flagged pairs: each is a set a model may mix up. */
export function Clusters({ clusters }: { clusters: Cluster[] }) {
  if (!clusters.length) {
    return (
      <div className="state state-empty">
        <strong>No clusters.</strong>
        <span>No two tools are flagged as confusable at this threshold.</span>
      </div>
    );
  }
  return (
    <ol className="sim-clusters">
      {clusters.map((c) => (
        <li key={c.id} className="sim-cluster">
          <p className="sim-cluster-head">
            <strong>Cluster {c.id}</strong>{' '}
            <span className="muted">
              {plural(c.size, 'tool')}, {plural(c.pairCount, 'flagged pair')}, similarity {score(c.minSimilarity)}–{score(c.maxSimilarity)}
            </span>
          </p>
          <ul className="sim-chips" aria-label={`Tools of cluster ${c.id}`}>
            {c.tools.map((t) => (
              <li key={t} className="sim-chip">
                <ToolName id={t} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
