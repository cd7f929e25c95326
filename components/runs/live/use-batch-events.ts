'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BatchDto } from '@/components/data/types';
import type { ModelProgressDto, ProgressFrame, RunFrame } from '@/lib/eval/api/dto';

/** A finished run as the stream names it (test case and model). */
export type RunEvent = RunFrame;
type Counts = BatchDto['counts'];

export type BatchLive = {
  status: string | null;
  counts: Counts | null;
  /** Per-model counts, from the latest progress frame that carried them. */
  byModel: ModelProgressDto[] | null;
  /** The latest finished runs, newest first. */
  recent: RunEvent[];
  done: boolean;
  /** `lost`: the stream failed for good; the caller falls back to polling. */
  connection: 'connecting' | 'open' | 'reconnecting' | 'lost';
};

const RECENT = 6;
/** A fast batch finishes dozens of runs a second: refresh the run table at most this often. */
const REFRESH_MS = 1500;

function parse<T>(data: unknown): T | null {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as T;
  } catch {
    return null;
  }
}

/**
 * Follows GET /api/batches/{id}/events: `progress` {status, counts}, `run` per finished run, `done`.
 * `enabled: false` opens no stream and reports `lost`, so the caller polls instead.
 */
export function useBatchEvents(batchId: string, enabled = true): BatchLive {
  const client = useQueryClient();
  const [live, setLive] = useState<BatchLive>({ status: null, counts: null, byModel: null, recent: [], done: false, connection: 'connecting' });
  const lastRefresh = useRef(0);
  const pendingRefresh = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource(`/api/batches/${encodeURIComponent(batchId)}/events`);
    let finished = false;

    const refreshRuns = (now: boolean) => {
      if (pendingRefresh.current) clearTimeout(pendingRefresh.current);
      const wait = now ? 0 : Math.max(0, REFRESH_MS - (Date.now() - lastRefresh.current));
      pendingRefresh.current = setTimeout(() => {
        lastRefresh.current = Date.now();
        void client.invalidateQueries({ queryKey: ['runs'] });
        void client.invalidateQueries({ queryKey: ['batches'] });
      }, wait);
    };

    source.addEventListener('open', () => setLive((s) => ({ ...s, connection: 'open' })));
    source.addEventListener('progress', (e) => {
      const p = parse<ProgressFrame>(e.data);
      if (p) setLive((s) => ({ ...s, status: p.status, counts: p.counts, byModel: p.byModel ?? s.byModel, connection: 'open' }));
    });
    source.addEventListener('run', (e) => {
      const r = parse<RunEvent>(e.data);
      if (r) setLive((s) => ({ ...s, recent: [r, ...s.recent].slice(0, RECENT) }));
      refreshRuns(false);
    });
    source.addEventListener('done', (e) => {
      finished = true;
      source.close();
      const p = parse<{ status: string; counts: Counts }>(e.data);
      setLive((s) => ({ ...s, status: p?.status ?? s.status, counts: p?.counts ?? s.counts, done: true, connection: 'open' }));
      refreshRuns(true);
      void client.invalidateQueries({ queryKey: ['metrics'] });
    });
    source.addEventListener('error', () => {
      if (finished) return;
      // CONNECTING: the browser retries by itself. CLOSED: it gave up (404, network down).
      const lost = source.readyState === EventSource.CLOSED;
      if (lost) source.close();
      setLive((s) => ({ ...s, connection: lost ? 'lost' : 'reconnecting' }));
    });

    return () => {
      source.close();
      if (pendingRefresh.current) clearTimeout(pendingRefresh.current);
    };
  }, [batchId, client, enabled]);

  return enabled ? live : { ...live, connection: 'lost' };
}
