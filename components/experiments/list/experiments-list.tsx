'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { queries } from '@/components/data/queries';
import { formatDateTime } from '@/components/runs/format';
import { Badge } from '@/components/ui/badge';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { finished, isActive, plural } from '../format';
import { BASELINE } from '../types';

/** Every experiment, newest first; polls while one is still running. */
export function ExperimentsList() {
  const list = useQuery({
    ...queries.experiments({ limit: 100 }),
    refetchInterval: (q) => (q.state.data?.items.some((e) => isActive(e.status)) ? 2000 : false),
  });
  return (
    <>
      <div className="exp-title">
        <h1>Experiments</h1>
        <Link href="/experiments/new" className="btn btn-primary">
          New experiment
        </Link>
      </div>
      <p className="muted exp-lead">
        An experiment tries rewritten tool definitions without touching the server: every variant runs the same test cases and models, and the
        page tells you whether F1 moved, with 95% intervals and the cases that flipped.
      </p>
      {list.isPending ? <Loading label="Loading experiments…" /> : null}
      {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data && list.data.items.length === 0 ? (
        <EmptyState title="No experiments yet">
          <p>
            Change a tool&apos;s description, name or schema in one or more variants; the unchanged tools are the baseline, <code>{BASELINE}</code>.
            Each variant runs as its own batch with the model shown the changed tools, and the comparison says which cases were fixed or broke.
          </p>
          <p>
            Start from a recommendation on the <Link href="/similarity">similarity page</Link> (“Try this rewrite”) or{' '}
            <Link href="/experiments/new">write the variants yourself</Link>.
          </p>
        </EmptyState>
      ) : null}
      {list.data && list.data.items.length > 0 ? (
        <div className="runs-table-wrap">
          <table className="runs-table" data-testid="experiments-table">
            <caption className="sr-only">Experiments, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Variants</th>
                <th scope="col">Cases</th>
                <th scope="col">Runs finished</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((e) => (
                <tr key={e.id}>
                  <th scope="row">
                    <Link href={`/experiments/${e.id}`}>{e.name}</Link>
                  </th>
                  <td>
                    <Badge value={e.status} />
                  </td>
                  <td>{e.variants.map((v) => v.name).join(', ')}</td>
                  <td className="runs-num">{plural(e.testCaseIds.length, 'case')}</td>
                  <td className="runs-num">
                    {finished(e.progress)} / {e.progress.total}
                  </td>
                  <td className="runs-nowrap">{formatDateTime(e.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.data.total > list.data.items.length ? <p className="muted">Showing the newest {list.data.items.length} of {list.data.total}.</p> : null}
        </div>
      ) : null}
    </>
  );
}
