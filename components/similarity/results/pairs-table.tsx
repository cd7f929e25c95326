'use client';

import { useMemo, useState } from 'react';
import { isFocusPair } from '../focus-params';
import { score } from '../format';
import type { SimilarityPair } from '../types';
import type { OverlapScores } from './overlap-lookup';
import { ToolName } from './tool-name';

type SortKey = 'similarity' | 'fullSimilarity' | 'overlap';
type Row = SimilarityPair & { scores: OverlapScores | undefined };

const PAGE = 100;

type Props = {
  pairs: SimilarityPair[];
  overlapOf: (a: string, b: string) => OverlapScores | undefined;
  threshold: number;
  mode: 'all' | 'sparse';
  /** How often evaluated runs confused a pair (either direction), when the tools come from registered servers. */
  confusedOf?: ((a: string, b: string) => number) | undefined;
  /** A pair a link asked about: listed even when unflagged, and marked. */
  focus?: [string, string] | null;
};

function SortHeader({ label, id, sort, onSort }: { label: string; id: SortKey; sort: { key: SortKey; desc: boolean }; onSort: (k: SortKey) => void }) {
  const current = sort.key === id;
  return (
    <th scope="col" aria-sort={current ? (sort.desc ? 'descending' : 'ascending') : 'none'} className="sim-num">
      <button type="button" className="sim-sort" onClick={() => onSort(id)}>
        {label}
        <span aria-hidden="true">{current ? (sort.desc ? ' ▼' : ' ▲') : ' ↕'}</span>
      </button>
    </th>
  );
}

/** Flagged pairs (optionally every listed pair), sortable by any score. */
export function PairsTable({ pairs, overlapOf, threshold, mode, confusedOf, focus = null }: Props) {
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'similarity', desc: true });
  const [showAll, setShowAll] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const flaggedCount = useMemo(() => pairs.filter((p) => p.flagged).length, [pairs]);
  const hasFull = pairs.some((p) => p.fullSimilarity !== undefined);

  const rows = useMemo(() => {
    const value = (r: Row): number => (sort.key === 'overlap' ? (r.scores?.overlap ?? -1) : sort.key === 'fullSimilarity' ? (r.fullSimilarity ?? -1) : r.similarity);
    return pairs
      .filter((p) => showAll || p.flagged || isFocusPair(focus, p.toolA, p.toolB))
      .map((p): Row => ({ ...p, scores: overlapOf(p.toolA, p.toolB) }))
      .sort((x, y) => (sort.desc ? value(y) - value(x) : value(x) - value(y)));
  }, [pairs, overlapOf, showAll, sort, focus]);

  const onSort = (key: SortKey) => setSort((s) => ({ key, desc: s.key === key ? !s.desc : true }));

  return (
    <div>
      <div className="sim-table-tools">
        <span className="muted">
          {flaggedCount.toLocaleString()} flagged of {pairs.length.toLocaleString()} listed pairs (threshold {threshold})
        </span>
        {mode === 'all' ? (
          <label className="sim-inline-check">
            <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} /> Show unflagged pairs too
          </label>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <div className="state state-empty">
          <strong>No pair reaches the threshold {threshold}.</strong>
          <span>These tools are unlikely to be confused. To see near misses, tick “Show unflagged pairs too” or lower the threshold and run again.</span>
        </div>
      ) : (
        <div className="sim-table-wrap">
          <table className="sim-table" data-testid="sim-pairs-table">
            <caption className="sr-only">Tool pairs, sorted by {sort.key} {sort.desc ? 'descending' : 'ascending'}</caption>
            <thead>
              <tr>
                <th scope="col">Tool A</th>
                <th scope="col">Tool B</th>
                <SortHeader label="Similarity" id="similarity" sort={sort} onSort={onSort} />
                {hasFull ? <SortHeader label="With parameters" id="fullSimilarity" sort={sort} onSort={onSort} /> : null}
                <SortHeader label="Overlap" id="overlap" sort={sort} onSort={onSort} />
                <th scope="col" className="sim-num">
                  Sem. / Param. / Desc.
                </th>
                {confusedOf ? (
                  <th scope="col" className="sim-num">
                    Confused in runs
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, limit).map((p) => (
                <tr
                  key={`${p.toolA}\u0000${p.toolB}`}
                  className={[p.flagged ? 'is-flagged' : '', isFocusPair(focus, p.toolA, p.toolB) ? 'is-focus' : ''].join(' ').trim() || undefined}
                  data-focus={isFocusPair(focus, p.toolA, p.toolB) || undefined}
                >
                  <td>
                    <ToolName id={p.toolA} />
                  </td>
                  <td>
                    <ToolName id={p.toolB} />
                  </td>
                  <td className="sim-num">
                    <span className="sim-score">{score(p.similarity)}</span>
                    {p.flagged ? <span className="sr-only"> (flagged)</span> : null}
                  </td>
                  {hasFull ? <td className="sim-num">{score(p.fullSimilarity)}</td> : null}
                  <td className="sim-num">{score(p.scores?.overlap)}</td>
                  <td className="sim-num muted">
                    {p.scores ? `${score(p.scores.semantic)} / ${score(p.scores.parameters)} / ${score(p.scores.description)}` : 'n/a'}
                  </td>
                  {confusedOf ? <td className="sim-num">{confusedOf(p.toolA, p.toolB)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > limit ? (
        <button type="button" className="btn btn-small sim-more" onClick={() => setLimit((l) => l + PAGE)}>
          Show {Math.min(PAGE, rows.length - limit)} more of {(rows.length - limit).toLocaleString()}
        </button>
      ) : null}
    </div>
  );
}
