'use client';

import { useState } from 'react';
import type { BatchComparison } from '@/components/data/types';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/states';
import { ColumnHeads } from '@/components/ui/column-heads';
import styles from '../metrics.module.css';

type Case = BatchComparison['cases'][number];
type Change = Case['change'];

const CHANGE_TONE: Record<Change, 'ok' | 'bad' | 'idle' | 'info'> = {
  regressed: 'bad',
  fixed: 'ok',
  changed: 'idle',
  added: 'info',
  removed: 'info',
  same: 'idle',
};

const CHANGE_ORDER: Change[] = ['regressed', 'fixed', 'changed', 'added', 'removed', 'same'];
const PAGE = 50;

function Verdict({ classification, selected }: { classification: Case['a']; selected: string | null }) {
  if (classification === null) return <span className="muted">not run</span>;
  return (
    <span className={styles.verdict}>
      <Badge value={classification} /> <code>{selected ?? 'none'}</code>
    </span>
  );
}

/** Cases whose verdict moved between the batches, regressions first (the API's order). */
export function CaseChanges({ comparison }: { comparison: BatchComparison }) {
  const [showSame, setShowSame] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const matching = showSame ? comparison.cases : comparison.cases.filter((c) => c.change !== 'same');
  const visible = matching.slice(0, limit);
  return (
    <div>
      <ul className={styles.changeCounts} aria-label="Cases by change" data-testid="compare-change-counts">
        {CHANGE_ORDER.map((change) => (
          <li key={change} data-testid={`changes-${change}`}>
            <Badge value={change} tone={CHANGE_TONE[change]} /> {comparison.changes[change]}
          </li>
        ))}
      </ul>
      {visible.length === 0 ? (
        <EmptyState title="No verdict changed between these batches.">
          Every case that ran in both got the same classification and the same tool. Change a tool description or a model and run again to see
          its effect here.
        </EmptyState>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.dataTable} data-testid="compare-cases">
            <caption className="sr-only">Test cases whose verdict changed from batch A to batch B</caption>
            <ColumnHeads columns={['Change', 'Test case', 'Model', 'A (baseline)', 'B']} />
            <tbody>
              {visible.map((c) => (
                <tr key={`${c.testCaseId} ${c.provider} ${c.model}`} data-testid="compare-case" data-change={c.change} className={c.change === 'regressed' ? styles.rowBad : undefined}>
                  <td>
                    <Badge value={c.change} tone={CHANGE_TONE[c.change]} />
                  </td>
                  <th scope="row">{c.testCaseName}</th>
                  <td className={styles.nowrap}>
                    {c.provider ?? '?'} · {c.model ?? '?'}
                  </td>
                  <td>
                    <Verdict classification={c.a} selected={c.aSelected} />
                  </td>
                  <td>
                    <Verdict classification={c.b} selected={c.bSelected} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="row-actions">
        {matching.length > visible.length ? (
          <button type="button" className="btn btn-small" onClick={() => setLimit((n) => n + PAGE)}>
            Show {Math.min(PAGE, matching.length - visible.length)} more of {matching.length - visible.length}
          </button>
        ) : null}
        {comparison.changes.same > 0 ? (
          <button type="button" className="btn btn-small" aria-pressed={showSame} onClick={() => setShowSame((v) => !v)}>
            {showSame ? 'Hide unchanged cases' : `Show unchanged cases (${comparison.changes.same})`}
          </button>
        ) : null}
      </div>
    </div>
  );
}
