'use client';

import { useMemo } from 'react';
import { FocusedPair } from '../observed/focused-pair';
import { MissedPairs } from '../observed/missed-pairs';
import { useObservedConfusions } from '../observed/use-observed';
import type { SimilarityOutcome } from '../types';
import { Clusters } from './clusters';
import { ExportButtons } from './export-buttons';
import { Heatmap } from './heatmap';
import { ModelBanner } from './model-banner';
import { overlapLookup } from './overlap-lookup';
import { pairIndex } from './pair-index';
import { PairsTable } from './pairs-table';
import { Recommendations } from './recommendations';
import { SourceIssues } from './source-issues';
import { Stats } from './stats';
import { TestCaseDrafts } from './test-case-drafts';

export function ResultsView({ outcome, focus = null }: { outcome: SimilarityOutcome; focus?: [string, string] | null }) {
  const { analysis, overlap, body, headers } = outcome;
  const overlapOf = useMemo(() => overlapLookup(overlap), [overlap]);
  const pairOf = useMemo(() => pairIndex(analysis.pairs), [analysis.pairs]);
  const observed = useObservedConfusions(outcome, pairOf);
  const confusedOf = observed.state === 'ready' ? observed.data.countOf : undefined;
  return (
    <div className="sim-results-body">
      {focus ? <FocusedPair focus={focus} analysis={analysis} pairOf={pairOf} observed={observed} /> : null}
      <ModelBanner result={analysis} body={body} />
      <Stats result={analysis} />
      <SourceIssues result={analysis} />
      <ExportButtons body={body} headers={headers} />

      <section className="sim-section" aria-labelledby="sim-heatmap-title" data-testid="sim-heatmap-section">
        <h3 id="sim-heatmap-title">Overlap heatmap</h3>
        {overlap.matrix ? (
          <Heatmap result={overlap} threshold={analysis.threshold} pairOf={pairOf} />
        ) : (
          <div className="sim-callout is-warn" data-testid="sim-heatmap-note">
            <strong>{analysis.stats.toolCount.toLocaleString()} tools are too many for a readable heatmap.</strong>
            <p>
              Above 200 tools the analysis lists the flagged pairs and each tool&apos;s nearest neighbours instead of every pair: see the table below.
              Tick “Compute full similarity” (up to 1,000 tools) for every pair, or download “CSV: matrix” for the whole matrix.
            </p>
          </div>
        )}
      </section>

      <section className="sim-section" aria-labelledby="sim-pairs-title">
        <h3 id="sim-pairs-title">Flagged pairs</h3>
        <PairsTable pairs={analysis.pairs} overlapOf={overlapOf} threshold={analysis.threshold} mode={analysis.mode} confusedOf={confusedOf} focus={focus} />
      </section>

      <TestCaseDrafts outcome={outcome} />

      {observed.state !== 'off' ? (
        <section className="sim-section" aria-labelledby="sim-missed-title">
          <h3 id="sim-missed-title">Missed by similarity</h3>
          <MissedPairs observed={observed} threshold={analysis.threshold} />
        </section>
      ) : null}

      <section className="sim-section" aria-labelledby="sim-clusters-title">
        <h3 id="sim-clusters-title">Clusters of confusable tools</h3>
        <Clusters clusters={analysis.clusters} />
      </section>

      <section className="sim-section" aria-labelledby="sim-recs-title">
        <h3 id="sim-recs-title">Recommendations</h3>
        {analysis.recommendations ? (
          <Recommendations data={analysis.recommendations} />
        ) : (
          <div className="state state-empty">
            <strong>Recommendations were not requested.</strong>
            <span>Tick “Include recommendations” and run the analysis again for revised descriptions and apply commands.</span>
          </div>
        )}
      </section>
    </div>
  );
}
