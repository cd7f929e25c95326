import type { ServerDto } from '@/components/data/types';

/** Where a server lives: its URL, the command line that starts it, or (static) its stored tools. */
export function endpointOf(server: Pick<ServerDto, 'transport' | 'url' | 'command' | 'args' | 'toolCount'>): string {
  if (server.transport === 'static') return `${server.toolCount ?? 0} stored tool${server.toolCount === 1 ? '' : 's'}`;
  if (server.transport !== 'stdio') return server.url ?? '';
  return [server.command ?? '', ...(server.args ?? [])].map(quoteArg).join(' ');
}

function quoteArg(arg: string): string {
  return arg === '' || /[\s"'\\]/.test(arg) ? JSON.stringify(arg) : arg;
}

export const TRANSPORT_LABELS: Record<ServerDto['transport'], string> = {
  'streamable-http': 'Streamable HTTP',
  sse: 'HTTP + SSE',
  stdio: 'stdio',
  static: 'Static tool set',
};

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 minutes ago", or "just now" under a minute. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Number.isNaN(seconds)) return iso;
  const fmt = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return fmt.format(Math.round(seconds / size), unit);
  return 'just now';
}

export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'medium' });
}
