'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { queries } from '@/components/data/queries';
import type { Confusion, MetricsSummary } from '@/components/data/types';
import { similarityPairHref } from '@/components/similarity/focus-params';
import type { MetricsFilterValues } from '../filters/filter-params';
import styles from '../metrics.module.css';

const LIMIT = 5;

const labelOf = (t: Confusion['expected']) => (t ? `${t.server}/${t.tool}` : 'none');

/** How close the two descriptions were, and where to compare them; only two real tools have a pair to analyse. */
function PairSimilarity({ confusion, pending }: { confusion: Confusion | undefined; pending: boolean }) {
  if (pending) return <span className="muted"> · similarity…</span>;
  if (!confusion?.expected || !confusion.selected) return null;
  const expected = labelOf(confusion.expected);
  const selected = labelOf(confusion.selected);
  return (
    <>
      {' '}
      ·{' '}
      <span data-testid="confusion-similarity" title="Calibrated similarity of the two descriptions the runs saw; 0.85 and above is likely to be confused">
        similarity {confusion.similarity === null ? 'n/a' : confusion.similarity.toFixed(2)}
      </span>{' '}
      <Link href={similarityPairHref(expected, selected)} aria-label={`Compare descriptions of ${expected} and ${selected} on the similarity page`}>
        compare descriptions
      </Link>
    </>
  );
}

/** The off-diagonal cells with the most runs: where to look first, with how alike each pair reads. */
export function TopConfusions({ matrix, filters }: { matrix: MetricsSummary['confusionMatrix']; filters: MetricsFilterValues }) {
  const confusions = useQuery(queries.confusions(filters));
  const byPair = new Map((confusions.data?.items ?? []).map((c) => [`${labelOf(c.expected)}\u0000${labelOf(c.selected)}`, c]));
  const mistakes = matrix.cells
    .filter((c) => c.expected !== c.selected)
    .sort((a, b) => b.count - a.count)
    .slice(0, LIMIT);
  if (mistakes.length === 0) return <p className="muted">No confusions: every run picked the expected tool (or rightly none).</p>;
  return (
    <div>
      <h3 className={styles.subTitle}>Most frequent mistakes</h3>
      <ol className={styles.mistakes} data-testid="top-confusions">
        {mistakes.map((c) => (
          <li key={`${c.expected} ${c.selected}`}>
            <code>{c.expected}</code> <span aria-label="was answered with">→</span> <code>{c.selected}</code>{' '}
            <span className="muted">
              ({c.count} run{c.count === 1 ? '' : 's'})
            </span>
            <PairSimilarity confusion={byPair.get(`${c.expected}\u0000${c.selected}`)} pending={confusions.isPending} />
          </li>
        ))}
      </ol>
      {confusions.isError ? <p className="muted">Similarity scores are unavailable: {confusions.error.message}</p> : null}
      <p className="muted">
        Two tools that get confused often need more distinct descriptions (a similarity of 0.85 or more means the descriptions alone make them
        likely to be confused); a miss to <code>none</code> means no tool looked relevant enough.
      </p>
    </div>
  );
}
