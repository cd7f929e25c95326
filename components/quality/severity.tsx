import { Badge } from '@/components/ui/badge';

type Severity = 'error' | 'warning' | 'info';
const TONE = { error: 'bad', warning: 'idle', info: 'info' } as const;

export function SeverityBadge({ severity }: { severity: Severity }) {
  return <Badge value={severity} tone={TONE[severity]} />;
}

/** A 0-100 score with the tone of its band (80+ good, 50+ fair, below poor). */
export function ScoreBadge({ score, label }: { score: number; label?: string }) {
  const tone = score >= 80 ? 'ok' : score >= 50 ? 'idle' : 'bad';
  return (
    <span className={`badge badge-tone-${tone}`} aria-label={`${label ?? 'Description quality'} ${score} of 100`}>
      {score}/100
    </span>
  );
}
