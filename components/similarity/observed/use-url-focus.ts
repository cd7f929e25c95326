'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { queries } from '@/components/data/queries';
import { readFocusParams, type FocusParams } from '../focus-params';

export type UrlFocus = { focus: [string, string] | null; problem: string | null };

/**
 * Opens the page on what the URL names (see focus-params.ts): the registered servers by name
 * or id are handed to `start` once, which selects them and runs the analysis. Read after
 * mount, so the page needs no Suspense boundary and renders the same on the server.
 */
export function useUrlFocus(start: (serverIds: string[]) => void): UrlFocus {
  const [params, setParams] = useState<FocusParams | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => setParams(readFocusParams(new URLSearchParams(window.location.search))), []);
  const wantsNames = Boolean(params?.serverNames.length);
  const servers = useQuery({ ...queries.servers(), enabled: wantsNames });

  useEffect(() => {
    if (!params || started.current) return;
    if (!params.serverNames.length) {
      if (params.serverIds.length) {
        started.current = true;
        start(params.serverIds);
      }
      return;
    }
    if (!servers.data) return;
    started.current = true;
    const byName = new Map(servers.data.items.map((s) => [s.name.toLowerCase(), s.id]));
    const unknown = params.serverNames.filter((n) => !byName.has(n.toLowerCase()));
    const ids = [...params.serverIds, ...params.serverNames.flatMap((n) => byName.get(n.toLowerCase()) ?? [])];
    if (unknown.length) setProblem(`Not a registered server: ${unknown.join(', ')}. The other servers were analysed.`);
    if (ids.length) start([...new Set(ids)]);
  }, [params, servers.data, start]);

  return { focus: params?.focus ?? null, problem };
}
