/** A status word with its colour; `tone` defaults from common status names. */
const TONES: Record<string, 'ok' | 'bad' | 'idle' | 'info'> = {
  active: 'ok', healthy: 'ok', completed: 'ok', TP: 'ok', TN: 'ok', robust: 'ok', success: 'ok',
  failed: 'bad', unavailable: 'bad', FP: 'bad', FN: 'bad', misleading: 'bad', tool_error: 'bad', interrupted: 'bad',
  inactive: 'idle', degraded: 'idle', pending: 'idle', cancelled: 'idle', needs_clarity: 'idle',
  running: 'info',
};

export function Badge({ value, tone }: { value: string; tone?: 'ok' | 'bad' | 'idle' | 'info' }) {
  return <span className={`badge badge-tone-${tone ?? TONES[value] ?? 'info'}`}>{value.replace(/_/g, ' ')}</span>;
}
