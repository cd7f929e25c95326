'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { streamToolCall, type CallProgress } from './stream-call';

/** A playground call with its live progress and a cancel; the history refreshes whatever the outcome. */
export function useStreamedCall(serverId: string) {
  const client = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<CallProgress | null>(null);
  const mutation = useMutation({
    mutationFn: ({ tool, args }: { tool: string; args: Record<string, unknown> }) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setProgress(null);
      const url = `/api/servers/${encodeURIComponent(serverId)}/tools/${encodeURIComponent(tool)}/call`;
      return streamToolCall(url, args, current.signal, setProgress);
    },
    onSettled: () => {
      controller.current = null;
      // The server records a cancelled call a moment after the connection closes.
      void client.invalidateQueries({ queryKey: ['servers', serverId, 'executions'] });
      setTimeout(() => void client.invalidateQueries({ queryKey: ['servers', serverId, 'executions'] }), 1_000);
    },
  });
  return { call: mutation, progress, cancel: () => controller.current?.abort() };
}
