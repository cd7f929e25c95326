'use client';

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queries, type RunDetail } from '@/components/data/queries';
import { Badge } from '@/components/ui/badge';
import { formatMs, formatPercent, formatTokens, NONE } from '../format';
import { ToolName } from '../tool-name';
import { countCorrectSamples, describeConfidenceSource, describePassK } from './confidence-source';
import { CATEGORY_MEANING, CLASSIFICATION_MEANING } from './explain';

function Card({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="card runs-card" data-testid={testId}>
      <div className="label">{label}</div>
      <div className="runs-card-value">{children}</div>
    </div>
  );
}

/** The verdict at a glance: classification, tools, confidence, cost. */
export function RunSummary({ run }: { run: RunDetail }) {
  const e = run.evaluation;
  const category = e?.confidenceCategory ?? run.confidenceCategory;
  const confidence = e?.confidenceScore ?? run.confidenceScore;
  const finished = run.status === 'completed';
  // A run that failed has no evaluation: the test case still says what was expected.
  const testCase = useQuery({ ...queries.testCase(run.testCaseId), enabled: !e });
  const expected = e ?? testCase.data;
  return (
    <section className="cards runs-cards" aria-label="Verdict">
      <Card label="Classification" testId="run-classification">
        {run.classification ? <Badge value={run.classification} /> : NONE}
        {run.classification ? <p className="runs-card-note">{CLASSIFICATION_MEANING[run.classification]}</p> : null}
      </Card>
      <Card label="Expected tool">
        {expected ? <ToolName server={expected.expectedServer} tool={expected.expectedTool} none="no tool (negative case)" /> : NONE}
      </Card>
      <Card label="Selected tool">
        {finished ? <ToolName server={run.selectedServer} tool={run.selectedTool} none="no tool called" /> : NONE}
      </Card>
      <Card label="Confidence" testId="run-confidence">
        <span className="runs-big">{formatPercent(confidence)}</span> {category ? <Badge value={category} /> : null}
        {category ? <p className="runs-card-note">{CATEGORY_MEANING[category]}</p> : null}
        {confidence !== null && confidence !== undefined ? (
          <p className="runs-card-note muted" data-testid="confidence-source">
            {describeConfidenceSource(run)}
          </p>
        ) : null}
      </Card>
      {run.samples > 1 ? (
        <Card label={`pass^${run.samples}`}>
          {e?.passK === null || e?.passK === undefined ? NONE : <Badge value={describePassK(e.passK, countCorrectSamples(run))} tone={e.passK ? 'ok' : 'bad'} />}
        </Card>
      ) : null}
      <Card label="Latency">{formatMs(run.executionTimeMs)}</Card>
      <Card label="Tokens">{formatTokens(run.inputTokens, run.outputTokens)}</Card>
    </section>
  );
}
