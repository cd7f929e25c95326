import type { ServerDto } from '@/components/data/types';
import { Badge } from '@/components/ui/badge';
import { formatDateTime, timeAgo } from './format';

/** Status badge, the last error and when the server last answered. */
export function ServerStatus({ server, compact = false }: { server: Pick<ServerDto, 'status' | 'statusDetail' | 'lastConnectedAt'>; compact?: boolean }) {
  return (
    <div className="srv-status">
      <Badge value={server.status} />
      {server.statusDetail ? <p className={`srv-status-detail${compact ? ' srv-clamp' : ''}`} title={compact ? server.statusDetail : undefined}>
          {server.statusDetail}
        </p> : null}
      <p className="muted srv-small">
        {server.lastConnectedAt ? (
          <>
            Last connected{' '}
            <time dateTime={server.lastConnectedAt} title={formatDateTime(server.lastConnectedAt)}>
              {timeAgo(server.lastConnectedAt)}
            </time>
          </>
        ) : (
          'Never connected'
        )}
      </p>
    </div>
  );
}
