import type { AnalyzeResult } from '../types';

export function Stats({ result }: { result: AnalyzeResult }) {
  const { stats } = result;
  const cards = [
    { label: 'Tools', value: stats.toolCount.toLocaleString() },
    { label: 'Pairs', value: stats.pairCount.toLocaleString() },
    { label: `Flagged (≥ ${result.threshold})`, value: stats.flaggedCount.toLocaleString() },
    { label: 'Clusters', value: stats.clusterCount.toLocaleString() },
    { label: 'Time', value: `${((stats.timings.totalMs ?? 0) / 1000).toFixed(1)} s` },
  ];
  return (
    <dl className="sim-stats">
      {cards.map((c) => (
        <div key={c.label} className="sim-stat">
          <dt>{c.label}</dt>
          <dd>{c.value}</dd>
        </div>
      ))}
    </dl>
  );
}
