import { useId, type ReactNode } from 'react';
import styles from './metrics.module.css';

/** A titled panel of the metrics page, labelled by its heading for landmark navigation. */
export function Section({ title, intro, id, actions, children }: { title: string; intro?: ReactNode; id?: string; actions?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={`panel ${styles.section}`}>
      <div className={styles.sectionHead}>
        <h2 id={headingId}>{title}</h2>
        {actions}
      </div>
      {intro ? <p className={`muted ${styles.intro}`}>{intro}</p> : null}
      {children}
    </section>
  );
}
