import type { MetricsSummary } from '@/components/data/types';
import { CallFigures } from './calls/call-figures';
import { ArgumentScores } from './charts/argument-scores';
import { ConfidenceChart } from './charts/confidence-chart';
import { confidenceSourcesInView } from './confidence-sources';
import { ModelComparison } from './charts/model-comparison';
import { ToolChart } from './charts/tool-chart';
import { TrendSection } from './charts/trend-section';
import { ConfusionHeatmap } from './confusion/confusion-heatmap';
import { HeatmapLegend } from './confusion/heatmap-legend';
import { TopConfusions } from './confusion/top-confusions';
import type { MetricsFilterValues } from './filters/filter-params';
import { KpiCards } from './kpi/kpi-cards';
import styles from './metrics.module.css';
import { Section } from './section';

/** Every view of one metrics summary, top to bottom: headline numbers first, details after. */
export function SummaryViews({ summary, filters }: { summary: MetricsSummary; filters: MetricsFilterValues }) {
  return (
    <>
      <Section title="Key figures">
        <KpiCards summary={summary} />
      </Section>
      {summary.calls ? (
        <Section title="Sequence runs: per call" intro="Each expected call is TP when made, FN when missing; each unexpected call is FP. The per-case figures of the same runs beside them.">
          <CallFigures calls={summary.calls} />
        </Section>
      ) : null}
      <Section
        title="Confusion matrix"
        intro="Rows are the tool each test case expected, columns the tool the model called; none means no tool. The diagonal is right."
      >
        <ConfusionHeatmap matrix={summary.confusionMatrix} filters={filters} />
        <HeatmapLegend />
        <TopConfusions matrix={summary.confusionMatrix} filters={filters} />
      </Section>
      <Section
        title="Precision and recall per tool"
        intro="Precision: of the calls to a tool, how many were meant for it. Recall: of the cases meant for it, how many called it."
      >
        {summary.byTool.length ? <ToolChart tools={summary.byTool} /> : <p className="muted">No tool was expected or called in these runs.</p>}
      </Section>
      <div className={styles.pair}>
        <Section title="Confidence" intro="Whether the model’s confidence can be trusted.">
          <ConfidenceChart confidence={summary.confidence} sources={confidenceSourcesInView(summary)} />
        </Section>
        <Section title="Argument scores">
          <ArgumentScores parameters={summary.parameters} />
        </Section>
      </div>
      <Section title="Per model">
        <ModelComparison models={summary.byModel} />
      </Section>
      <TrendSection summary={summary} filters={filters} />
    </>
  );
}
