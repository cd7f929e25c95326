import type { MetricsSummary } from '@/components/data/types';
import { DataTable } from '../charts/data-table';
import { formatCount, formatMs, formatRate, NONE } from '../format';
import styles from '../metrics.module.css';

type Calls = NonNullable<MetricsSummary['calls']>;
type Figure = { key: string; label: string; value: string; hint: string };

const oneDecimal = (v: number | null) => (v === null ? NONE : v.toFixed(1));

function Figures({ title, items }: { title: string; items: Figure[] }) {
  return (
    <section aria-label={title}>
      <h3 className={styles.kpiGroupTitle}>{title}</h3>
      <dl className={styles.kpis}>
        {items.map((k) => (
          <div key={k.key} className={styles.kpi} data-testid={`calls-${k.key}`}>
            <dt className={styles.kpiLabel}>{k.label}</dt>
            <dd className={styles.kpiValue}>{k.value}</dd>
            <dd className={styles.kpiHint}>{k.hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Sequence runs (issue 17): per-call precision, recall and F1 beside the same runs' per-case
 * figures, their steps, tokens and latency per case, and the per-call figures by model.
 */
export function CallFigures({ calls }: { calls: Calls }) {
  const { counts, perCase } = calls;
  return (
    <div className={styles.kpiGroups}>
      <Figures
        title={`Per call, ${formatCount(calls.runs)} sequence ${calls.runs === 1 ? 'run' : 'runs'}`}
        items={[
          { key: 'precision', label: 'Call precision', value: formatRate(calls.precision), hint: `TP ${formatCount(counts.tp)} / (TP + FP ${formatCount(counts.fp)})` },
          { key: 'recall', label: 'Call recall', value: formatRate(calls.recall), hint: `TP / (TP + FN ${formatCount(counts.fn)}): expected calls made` },
          { key: 'f1', label: 'Call F1', value: formatRate(calls.f1), hint: 'Harmonic mean of call precision and recall' },
          { key: 'arguments', label: 'Argument correctness', value: formatRate(calls.argumentCorrectness), hint: 'Mean over made calls with expected arguments' },
        ]}
      />
      <Figures
        title="Per case, the same runs"
        items={[
          { key: 'case-accuracy', label: 'Case accuracy', value: formatRate(perCase.accuracy), hint: 'Cases passed: every expected call, in order if required, none forbidden' },
          { key: 'case-precision', label: 'Case precision', value: formatRate(perCase.precision), hint: `TP ${formatCount(perCase.counts.tp)}, FP ${formatCount(perCase.counts.fp)}` },
          { key: 'case-recall', label: 'Case recall', value: formatRate(perCase.recall), hint: `FN ${formatCount(perCase.counts.fn)}, TN ${formatCount(perCase.counts.tn)}` },
          { key: 'case-f1', label: 'Case F1', value: formatRate(perCase.f1), hint: 'Per-case harmonic mean' },
          { key: 'steps', label: 'Steps per case', value: oneDecimal(perCase.steps.mean), hint: `Mean model turns; most ${perCase.steps.max ?? NONE}` },
          { key: 'tokens', label: 'Tokens per case', value: formatCount(perCase.tokensMean), hint: 'Input plus output, all steps' },
          { key: 'latency', label: 'Latency per case', value: formatMs(perCase.latencyMeanMs), hint: 'Mean, the whole loop' },
        ]}
      />
      {calls.byModel.length > 0 ? (
        <DataTable
          caption="Per-call figures of sequence runs by model"
          testId="calls-by-model"
          rowKey={(m) => `${m.provider ?? ''}|${m.model ?? ''}`}
          rows={calls.byModel}
          columns={[
            { header: 'Model', cell: (m) => (m.provider ? `${m.provider} · ${m.model ?? NONE}` : NONE) },
            { header: 'Runs', cell: (m) => formatCount(m.runs), numeric: true },
            { header: 'TP', cell: (m) => formatCount(m.counts.tp), numeric: true },
            { header: 'FP', cell: (m) => formatCount(m.counts.fp), numeric: true },
            { header: 'FN', cell: (m) => formatCount(m.counts.fn), numeric: true },
            { header: 'Precision', cell: (m) => formatRate(m.precision), numeric: true },
            { header: 'Recall', cell: (m) => formatRate(m.recall), numeric: true },
            { header: 'F1', cell: (m) => formatRate(m.f1), numeric: true },
            { header: 'Arguments', cell: (m) => formatRate(m.argumentCorrectness), numeric: true },
            { header: 'Steps', cell: (m) => oneDecimal(m.stepsMean), numeric: true },
          ]}
        />
      ) : null}
    </div>
  );
}
