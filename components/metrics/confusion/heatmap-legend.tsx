import styles from '../metrics.module.css';
import { legendColour } from './heat-colour';

export function HeatmapLegend() {
  return (
    <p className={styles.legend}>
      <span className={styles.legendItem}>
        <span className={styles.swatch} style={{ background: legendColour(true) }} aria-hidden="true" /> right tool (or rightly none)
      </span>
      <span className={styles.legendItem}>
        <span className={styles.swatch} style={{ background: legendColour(false) }} aria-hidden="true" /> wrong tool or none
      </span>
      <span>darker means more runs</span>
    </p>
  );
}
