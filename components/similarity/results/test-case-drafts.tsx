'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useState } from 'react';
import { apiFetch } from '@/components/data/fetcher';
import type { TestCaseDto } from '@/lib/test-cases/dto';
import type { DraftsResult, TestCaseDraft } from '@/lib/test-cases/drafts/schemas';
import type { SimilarityOutcome } from '../types';

type Added = { state: 'idle' } | { state: 'saving' } | { state: 'added'; id: string; name: string } | { state: 'error'; message: string };
type Row = { draft: TestCaseDraft; query: string; added: Added };

const keyOf = (d: TestCaseDraft) => `${d.pair.toolA}\u0000${d.pair.toolB}\u0000${d.target.server}/${d.target.tool}`;

/**
 * "Propose test cases": drafts for the flagged pairs of registered servers that no test case
 * covers (POST /api/similarity/test-case-drafts), each with an editable query, added through
 * the ordinary POST /api/test-cases. Only registered servers can hold test cases.
 */
export function TestCaseDrafts({ outcome }: { outcome: SimilarityOutcome }) {
  const { body, headers } = outcome;
  const serverIds = body.serverIds;
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[] | null>(null);
  const headingId = useId();
  const propose = useMutation({
    mutationFn: () =>
      apiFetch<DraftsResult>('/api/similarity/test-case-drafts', {
        method: 'POST',
        headers,
        json: {
          serverIds,
          ...(body.similarityThreshold !== undefined ? { similarityThreshold: body.similarityThreshold } : {}),
          ...(body.method ? { method: body.method } : {}),
          ...(body.embeddingModel ? { embeddingModel: body.embeddingModel } : {}),
          ...(body.weights ? { weights: body.weights } : {}),
          ...(body.llm ? { llm: body.llm } : {}),
        },
      }),
    onSuccess: (result) => setRows(result.drafts.map((draft) => ({ draft, query: draft.query, added: { state: 'idle' } }))),
  });
  if (!serverIds?.length) return null;

  const update = (key: string, patch: Partial<Row>) => setRows((rs) => rs?.map((r) => (keyOf(r.draft) === key ? { ...r, ...patch } : r)) ?? null);

  async function add(row: Row) {
    const key = keyOf(row.draft);
    update(key, { added: { state: 'saving' } });
    const d = row.draft;
    try {
      const created = await apiFetch<TestCaseDto>('/api/test-cases', {
        method: 'POST',
        json: { name: d.name, query: row.query, serverIds: d.serverIds, expectedServer: d.target.server, expectedTool: d.target.tool, expectedParameters: Object.keys(d.expectedParameters).length ? d.expectedParameters : null },
      });
      update(key, { added: { state: 'added', id: created.id, name: created.name } });
      await queryClient.invalidateQueries({ queryKey: ['test-cases'] });
    } catch (err) {
      update(key, { added: { state: 'error', message: err instanceof Error ? err.message : String(err) } });
    }
  }

  async function addAll() {
    for (const row of rows ?? []) if (row.added.state === 'idle' || row.added.state === 'error') await add(row);
  }

  const result = propose.data;
  const pending = rows?.filter((r) => r.added.state !== 'added').length ?? 0;
  return (
    <section className="sim-section" aria-labelledby={headingId} data-testid="sim-drafts">
      <h3 id={headingId}>Test cases for uncovered pairs</h3>
      <p className="muted">Flagged pairs that no test case covers cannot show whether models confuse them. Draft one request per tool that the other does not serve, edit it, and add it to the test cases.</p>
      <button type="button" className="btn" onClick={() => propose.mutate()} disabled={propose.isPending}>
        {propose.isPending ? 'Proposing…' : 'Propose test cases'}
      </button>
      {propose.isError ? (
        <p className="sim-callout is-bad" role="alert">
          The drafts could not be made: {propose.error.message}
        </p>
      ) : null}
      {result && rows ? (
        <div role="status" className="sim-drafts">
          <p className="muted">
            {result.flaggedPairs} flagged pair{result.flaggedPairs === 1 ? '' : 's'}, {result.pairsWithCases} already covered by a test case; {rows.length} draft{rows.length === 1 ? '' : 's'} written by {result.draftedBy}.
          </p>
          {result.warnings.length ? (
            <ul className="sim-callout is-warn">
              {result.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          ) : null}
          {rows.length === 0 ? (
            <div className="state state-empty">
              <strong>No drafts needed.</strong>
              <span>Every flagged pair has a test case that expects one of its tools.</span>
            </div>
          ) : (
            <>
              <button type="button" className="btn btn-primary" onClick={() => void addAll()} disabled={pending === 0}>
                Add all ({pending})
              </button>
              <ol className="sim-draft-list">
                {rows.map((row, i) => (
                  <DraftRow key={keyOf(row.draft)} row={row} index={i} onQuery={(query) => update(keyOf(row.draft), { query })} onAdd={() => void add(row)} />
                ))}
              </ol>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}

function DraftRow({ row, index, onQuery, onAdd }: { row: Row; index: number; onQuery: (q: string) => void; onAdd: () => void }) {
  const { draft, added } = row;
  const queryId = useId();
  const other = [draft.pair.toolA, draft.pair.toolB].find((t) => t !== `${draft.target.server}/${draft.target.tool}`) ?? '';
  const params = Object.keys(draft.expectedParameters).length ? JSON.stringify(draft.expectedParameters) : 'none';
  return (
    <li className="card sim-draft" data-testid="sim-draft">
      <p>
        <strong>
          {draft.target.server}/{draft.target.tool}
        </strong>{' '}
        <span className="muted">rather than {other}</span> <span className="badge">{draft.source === 'llm' ? 'LLM' : 'rules'}</span>
      </p>
      <label htmlFor={queryId}>Query of draft {index + 1}</label>
      <textarea id={queryId} value={row.query} rows={2} onChange={(e) => onQuery(e.target.value)} disabled={added.state === 'added' || added.state === 'saving'} style={{ width: '100%' }} />
      <p className="sim-small">
        Expected parameters: <code>{params}</code>
      </p>
      <p className="sim-small muted">{draft.rationale}</p>
      {added.state === 'added' ? (
        <p className="sim-small" role="status">
          Added: <Link href={`/test-cases/${added.id}/edit`}>{added.name}</Link>
        </p>
      ) : (
        <button type="button" className="btn btn-small" onClick={onAdd} disabled={added.state === 'saving' || row.query.trim() === ''} aria-label={`Add draft ${index + 1} to test cases`}>
          {added.state === 'saving' ? 'Adding…' : 'Add to test cases'}
        </button>
      )}
      {added.state === 'error' ? (
        <p className="sim-callout is-bad sim-small" role="alert">
          {added.message}
        </p>
      ) : null}
    </li>
  );
}
