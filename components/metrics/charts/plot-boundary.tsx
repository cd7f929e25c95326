'use client';

import { Component, type ReactNode } from 'react';
import styles from '../metrics.module.css';

type State = { failed: boolean };

/**
 * Catches a chart that cannot be drawn, typically because its lazily loaded code did not
 * arrive (the app was rebuilt or stopped while the page was open): the rest of the page and
 * the chart's numbers stay, and the message says how to get the drawing back.
 */
export class PlotBoundary extends Component<{ height: number; children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.chartFailed} style={{ minHeight: this.props.height }} role="alert">
        <p>This chart could not be drawn: its code did not load (was the app restarted or updated?). The numbers are in the caption and table.</p>
        <button type="button" className="btn btn-small" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    );
  }
}
