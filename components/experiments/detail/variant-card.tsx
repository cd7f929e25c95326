import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { DescriptionDiff } from '@/components/similarity/results/description-diff';
import { OUTCOME } from '../format';
import { BASELINE, type ExperimentDto, type VariantDto } from '../types';
import { AdoptActions } from './adopt-actions';
import { ConfusionList } from './confusion-list';
import { FlippedCases } from './flipped-cases';
import { MetricsTable } from './metrics-table';

/** One variant's column: metrics with intervals, change against the baseline, what it changed, flipped cases, confusion, adopt. */
export function VariantCard({ experiment, variant }: { experiment: ExperimentDto; variant: VariantDto }) {
  const headingId = useId();
  const baseline = variant.name === BASELINE;
  const f1 = variant.comparison?.metrics.f1;
  return (
    <section className="panel exp-variant-card" aria-labelledby={headingId} data-testid="exp-variant-card" data-variant={variant.name}>
      <h2 id={headingId} className="exp-variant-title">
        {variant.name}
        {baseline ? <span className="muted exp-small"> (baseline: the tools as they are)</span> : null}
      </h2>
      <p className="exp-variant-status">
        <Badge value={variant.status} />
        {f1 ? (
          <span className="exp-small" data-testid="exp-f1-outcome">
            {' '}
            F1 vs {BASELINE}: <strong>{OUTCOME[f1.outcome].label}</strong>
          </span>
        ) : null}
      </p>
      <MetricsTable variant={variant} baseline={baseline} />

      {baseline ? null : (
        <>
          <h3>What changed</h3>
          {(variant.tools ?? []).length > 0 ? (
            (variant.tools ?? []).map((t) => (
              <div key={`${t.server}/${t.originalName}`} className="exp-tool-diff">
                <h4 className="exp-sub">
                  {t.server}/{t.originalName}
                  {t.name !== t.originalName ? <> → {t.name} (renamed)</> : null}
                </h4>
                <DescriptionDiff before={t.originalDescription} after={t.description} />
              </div>
            ))
          ) : (
            <ul className="exp-small">
              {variant.changes.map((c) => (
                <li key={`${c.server}/${c.tool}`}>
                  {c.server}/{c.tool}: {[c.description !== undefined ? 'description' : null, c.name ? `renamed to ${c.name}` : null, c.inputSchema ? 'input schema' : null, c.annotations ? 'annotations' : null].filter(Boolean).join(', ')}
                </li>
              ))}
            </ul>
          )}
          <h3>Flipped cases</h3>
          {variant.comparison ? (
            <FlippedCases fixed={variant.comparison.flipped.fixed} regressed={variant.comparison.flipped.regressed} batchId={variant.batchId} />
          ) : (
            <p className="muted exp-small">Listed once this variant and the baseline are done.</p>
          )}
        </>
      )}

      <h3>Confusion</h3>
      {variant.confusion ? <ConfusionList confusion={variant.confusion} /> : <p className="muted exp-small">Not available yet.</p>}

      {baseline ? null : (
        <>
          <h3>Adopt</h3>
          <AdoptActions experimentId={experiment.id} experimentName={experiment.name} variant={variant} />
        </>
      )}
    </section>
  );
}
