'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queries } from '@/components/data/queries';
import type { ToolExecutionDto } from '@/components/data/types';
import { Badge } from '@/components/ui/badge';
import { JsonView } from '@/components/ui/json-view';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { formatDateTime, timeAgo } from '../format';
import { ContentBlocks } from './content-blocks';
import { isObject } from './schema-plan';

const PAGE_SIZE = 10;

function ExecutionRow({ e }: { e: ToolExecutionDto }) {
  const result = isObject(e.result) ? e.result : null;
  return (
    <li className="srv-history-item" data-testid="execution">
      <details>
        <summary>
          <Badge value={e.status} />
          <code className="srv-history-tool">{e.toolName}</code>
          <span className="muted srv-small">
            <time dateTime={e.createdAt} title={formatDateTime(e.createdAt)}>
              {timeAgo(e.createdAt)}
            </time>
            {' · '}
            {e.durationMs} ms
          </span>
          <span className="srv-history-args">{JSON.stringify(e.arguments)}</span>
        </summary>
        <div className="srv-history-body">
          <h4>Arguments</h4>
          <JsonView value={e.arguments} label="Arguments" />
          {e.errorMessage ? (
            <>
              <h4>Error</h4>
              <pre className="srv-text-block">{e.errorMessage}</pre>
            </>
          ) : null}
          {result ? (
            <>
              <h4>Content</h4>
              <ContentBlocks content={result.content} />
              {'structuredContent' in result ? <JsonView value={result.structuredContent} label="structuredContent" /> : null}
            </>
          ) : null}
        </div>
      </details>
    </li>
  );
}

/** Every call made from the playground for this server, newest first. */
export function ExecutionsHistory({ serverId }: { serverId: string }) {
  const [offset, setOffset] = useState(0);
  const history = useQuery({ ...queries.executions(serverId, { limit: PAGE_SIZE, offset }), placeholderData: keepPreviousData });
  return (
    <section className="panel" aria-labelledby="srv-history-title">
      <h2 id="srv-history-title">
        Call history {history.data ? <span className="muted srv-small">({history.data.total})</span> : null}
      </h2>
      {history.isPending ? (
        <Loading label="Loading the call history…" />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <EmptyState title="No calls yet.">Pick a tool in the playground above, fill in its arguments and call it: every call is kept here.</EmptyState>
      ) : (
        <>
          <ol className="srv-history" aria-label="Calls, newest first">
            {history.data.items.map((e) => (
              <ExecutionRow key={e.id} e={e} />
            ))}
          </ol>
          <Pagination total={history.data.total} limit={PAGE_SIZE} offset={offset} onChange={setOffset} />
        </>
      )}
    </section>
  );
}
