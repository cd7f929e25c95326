import type { MetricsSummary } from '@/components/data/types';
import styles from '../metrics.module.css';
import { formatCount, formatRate } from '../format';

type Parameters = MetricsSummary['parameters'];

const SCORES = [
  { key: 'completeness', label: 'Completeness', meaning: 'required and expected arguments present' },
  { key: 'correctness', label: 'Correctness', meaning: 'argument values match the expected ones' },
  { key: 'typeConformance', label: 'Type conformance', meaning: 'arguments valid against the tool schema' },
] as const satisfies readonly { key: keyof Omit<Parameters, 'measuredRuns'>; label: string; meaning: string }[];

/** Average argument scores of the runs that called the expected tool, as labelled bars. */
export function ArgumentScores({ parameters }: { parameters: Parameters }) {
  if (parameters.measuredRuns === 0) {
    return <p className="muted">No argument scores yet: arguments are scored only on runs that called the expected tool.</p>;
  }
  return (
    <div data-testid="argument-scores">
      <ul className={styles.bars}>
        {SCORES.map((s) => {
          const value = parameters[s.key];
          return (
            <li key={s.key} className={styles.barRow}>
              <div className={styles.barLabel}>
                <strong>{s.label}</strong> <span className="muted">{s.meaning}</span>
              </div>
              <div className={styles.barTrack} aria-hidden="true">
                <div className={styles.barFill} style={{ width: `${Math.max(0, Math.min(1, value ?? 0)) * 100}%` }} />
              </div>
              <span className={styles.barValue}>{formatRate(value)}</span>
            </li>
          );
        })}
      </ul>
      <p className="muted">Averaged over {formatCount(parameters.measuredRuns)} runs that called the expected tool.</p>
    </div>
  );
}
