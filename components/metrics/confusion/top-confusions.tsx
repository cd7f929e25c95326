'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { Confusion, MetricsSummary } from '@/components/data/types';
import { similarityPairHref } from '@/components/similarity/focus-params';
import type { MetricsFilterValues } from '../filters/filter-params';
import styles from '../metrics.module.css';
import { confusionLabel, usePairSimilarity } from './pair-similarity';

/** Shown at once; the rest of the mistakes, each with its score and link too, open below. */
const FIRST = 5;

type Cell = MetricsSummary['confusionMatrix']['cells'][number];

/** How close the two descriptions were, and where to compare them; only two real tools have a pair to analyse. */
function PairSimilarity({ confusion, pending }: { confusion: Confusion | undefined; pending: boolean }) {
  if (pending) return <span className="muted"> · similarity…</span>;
  if (!confusion?.expected || !confusion.selected) return null;
  const expected = confusionLabel(confusion.expected);
  const selected = confusionLabel(confusion.selected);
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

function Mistakes({ cells, lookup, pending, testId, start = 1 }: { cells: Cell[]; lookup: (e: string, s: string) => Confusion | undefined; pending: boolean; testId: string; start?: number }) {
  return (
    <ol className={styles.mistakes} data-testid={testId} start={start}>
      {cells.map((c) => (
        <li key={`${c.expected} ${c.selected}`} data-testid="confusion-mistake">
          <code>{c.expected}</code> <span aria-label="was answered with">→</span> <code>{c.selected}</code>{' '}
          <span className="muted">
            ({c.count} run{c.count === 1 ? '' : 's'})
          </span>
          <PairSimilarity confusion={lookup(c.expected, c.selected)} pending={pending} />
        </li>
      ))}
    </ol>
  );
}

/** Every off-diagonal cell, the most frequent first: where to look first, with how alike each pair reads. */
export function TopConfusions({ matrix, filters }: { matrix: MetricsSummary['confusionMatrix']; filters: MetricsFilterValues }) {
  const { confusions, lookup } = usePairSimilarity(filters);
  const [restOpened, setRestOpened] = useState(false);
  const mistakes = matrix.cells.filter((c) => c.expected !== c.selected).sort((a, b) => b.count - a.count);
  if (mistakes.length === 0) return <p className="muted">No confusions: every run picked the expected tool (or rightly none).</p>;
  const rest = mistakes.slice(FIRST);
  return (
    <div>
      <h3 className={styles.subTitle}>Most frequent mistakes</h3>
      <Mistakes cells={mistakes.slice(0, FIRST)} lookup={lookup} pending={confusions.isPending} testId="top-confusions" />
      {rest.length ? (
        <details className="runs-details" data-testid="more-confusions" onToggle={(e) => e.currentTarget.open && setRestOpened(true)}>
          <summary>
            All {mistakes.length} mistakes ({rest.length} more)
          </summary>
          {/* Built once first opened: at 1M runs the closed list was ~4,700 of the page's ~7,900 elements, built with the
              summary and laid out again under every chart drawn after it. */}
          {restOpened ? <Mistakes cells={rest} lookup={lookup} pending={confusions.isPending} testId="rest-confusions" start={FIRST + 1} /> : null}
        </details>
      ) : null}
      {confusions.isError ? <p className="muted">Similarity scores are unavailable: {confusions.error.message}</p> : null}
      <p className="muted">
        Two tools that get confused often need more distinct descriptions (a similarity of 0.85 or more means the descriptions alone make them
        likely to be confused); a miss to <code>none</code> means no tool looked relevant enough. The matrix’s cells give the same score on hover.
      </p>
    </div>
  );
}
