import type { MetricsSummary } from '@/components/data/types';
import styles from '../metrics.module.css';

const LIMIT = 5;

/** The off-diagonal cells with the most runs: where to look first. */
export function TopConfusions({ matrix }: { matrix: MetricsSummary['confusionMatrix'] }) {
  const mistakes = matrix.cells
    .filter((c) => c.expected !== c.selected)
    .sort((a, b) => b.count - a.count)
    .slice(0, LIMIT);
  if (mistakes.length === 0) return <p className="muted">No confusions: every run picked the expected tool (or rightly none).</p>;
  return (
    <div>
      <h3 className={styles.subTitle}>Most frequent mistakes</h3>
      <ol className={styles.mistakes}>
        {mistakes.map((c) => (
          <li key={`${c.expected} ${c.selected}`}>
            <code>{c.expected}</code> <span aria-label="was answered with">→</span> <code>{c.selected}</code>{' '}
            <span className="muted">
              ({c.count} run{c.count === 1 ? '' : 's'})
            </span>
          </li>
        ))}
      </ol>
      <p className="muted">
        Two tools that get confused often need more distinct descriptions; a miss to <code>none</code> means no tool looked relevant enough.
      </p>
    </div>
  );
}
