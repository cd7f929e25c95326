'use client';

import { useCheckServer } from './mutations';

/** Runs the MCP handshake again; the outcome is a status line its flex container places below the buttons. */
export function CheckButton({ serverId, serverName, small = true }: { serverId: string; serverName: string; small?: boolean }) {
  const check = useCheckServer();
  const outcome = check.isPending
    ? null
    : check.error
      ? `Check failed: ${check.error.message}`
      : check.data
        ? check.data.check.ok
          ? `Connected (${check.data.check.durationMs} ms)`
          : 'Not reachable (see status)'
        : null;
  return (
    <>
      <button
        type="button"
        className={`btn${small ? ' btn-small' : ''}`}
        onClick={() => check.mutate(serverId)}
        disabled={check.isPending}
        aria-label={`Check connectivity of ${serverName}`}
      >
        {check.isPending ? 'Checking…' : 'Check'}
      </button>
      <span role="status" className={`srv-check-outcome srv-small ${check.data?.check.ok ? 'srv-ok' : 'srv-bad'}`}>
        {outcome}
      </span>
    </>
  );
}
