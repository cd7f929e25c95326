import type { MetricsSummary } from '@/components/data/types';
import styles from '../metrics.module.css';
import { buildKpiGroups } from './kpi-list';

/** Headline numbers as description lists: the label is the term, the number its value. */
export function KpiCards({ summary }: { summary: MetricsSummary }) {
  return (
    <div className={styles.kpiGroups}>
      {buildKpiGroups(summary).map((group) => (
        <section key={group.title} aria-label={group.title}>
          <h3 className={styles.kpiGroupTitle}>{group.title}</h3>
          <dl className={styles.kpis}>
            {group.items.map((k) => (
              <div key={k.key} className={`${styles.kpi} ${k.tone ? styles[`kpi_${k.tone}`] : ''}`} data-testid={`kpi-${k.key}`}>
                <dt className={styles.kpiLabel}>{k.label}</dt>
                <dd className={styles.kpiValue}>{k.value}</dd>
                <dd className={styles.kpiHint}>{k.hint}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
