'use client';

import { useQuery } from '@tanstack/react-query';
import { queries } from '@/components/data/queries';
import type { RunDetail } from '@/components/data/queries';
import { JsonView } from '@/components/ui/json-view';
import { ErrorState, Loading } from '@/components/ui/states';
import { Panel } from '@/components/ui/panel';
import { getArgumentMatchingProfile } from '@/lib/eval/judge/arguments/profiles/registry';
import type { ArgumentMatchingProfile } from '@/lib/eval/judge/arguments/profiles/types';
import { formatPercent } from '../format';
import { diffArguments } from './argument-diff';
import { ArgumentDiffTable } from './argument-diff-table';

function Score({ label, value }: { label: string; value: number | null | undefined }) {
  return (
    <div className="runs-score">
      <span className="label">{label}</span>
      <strong>{value === null || value === undefined ? 'not measured' : formatPercent(value)}</strong>
    </div>
  );
}

function DiffBody({ run, expected, reasons, scored, profile }: { run: RunDetail; expected: Record<string, unknown> | null; reasons: string[]; scored: boolean; profile: ArgumentMatchingProfile }) {
  if (run.status !== 'completed') return <p className="muted">No arguments: the run did not complete.</p>;
  if (!run.selectedTool) return <p className="muted">No tool was called, so there are no arguments.</p>;
  if (run.extractedParameters === null) return <p className="runs-error-text">The model&apos;s arguments were not a JSON object.</p>;
  const rows = diffArguments({ expected, actual: run.extractedParameters, failureReasons: reasons, scored, profile });
  if (rows.length === 0) return <p className="muted">No arguments expected and none given.</p>;
  return <ArgumentDiffTable rows={rows} />;
}

/** Argument scores and the expected-vs-actual diff (from the test case's expectedParameters). */
export function ArgumentPanel({ run }: { run: RunDetail }) {
  const testCase = useQuery(queries.testCase(run.testCaseId));
  const e = run.evaluation;
  const scored = Boolean(e?.toolCorrect && run.selectedTool);
  const reasons = e?.failureReasons ?? run.failureReasons;
  // The profile the verdict was judged with (stored on the evaluation), else the case's current one.
  const profile = getArgumentMatchingProfile(e?.argumentMatching ?? testCase.data?.argumentMatching);

  return (
    <Panel title="Arguments">
      {e ? (
        <div className="runs-scores">
          <Score label="Completeness" value={e.parameterCompleteness} />
          <Score label="Correctness" value={e.parameterCorrectness} />
          <Score label="Type conformance" value={e.typeConformance} />
        </div>
      ) : null}
      <p className="muted" title={profile.description}>
        Argument matching: {profile.label}
      </p>
      {e && !scored && run.selectedTool ? (
        <p className="muted">Arguments are scored only when the model calls the expected tool, so these were not; the diff below is for reference.</p>
      ) : null}
      {testCase.isPending ? <Loading label="Loading the test case's expected arguments…" /> : null}
      {testCase.isError ? <ErrorState error={testCase.error} onRetry={() => void testCase.refetch()} /> : null}
      {testCase.data ? <DiffBody run={run} expected={testCase.data.expectedParameters} reasons={reasons} scored={scored} profile={profile} /> : null}
      {e && e.typeErrors.length > 0 ? (
        <details className="runs-details">
          <summary>Type errors ({e.typeErrors.length})</summary>
          <JsonView value={e.typeErrors} label="Type errors" />
        </details>
      ) : null}
    </Panel>
  );
}
