import type { RunDetail } from '@/components/data/queries';
import { TryRewriteButton } from '@/components/experiments/try-rewrite-button';
import { apiFetch } from '@/components/data/fetcher';
import { prefillFromRunAdviceWithRewrites } from '@/components/experiments/try-rewrite';
import { Badge } from '@/components/ui/badge';
import { Panel } from '@/components/ui/panel';
import { formatPercent } from '../format';
import { explainReason } from './explain';

type Evaluation = NonNullable<RunDetail['evaluation']>;

const SEVERITY_TONE: Record<string, 'ok' | 'bad' | 'idle' | 'info'> = { high: 'bad', medium: 'idle', low: 'info', info: 'info' };

/** Why: the reasoning, the typed failure reasons and the recommendations. All text, never HTML. */
export function EvaluationPanel({ evaluation, tools = [] }: { evaluation: Evaluation; tools?: RunDetail['tools'] }) {
  return (
    <div className="grid-2 runs-eval">
      <Panel title="Reasoning">
        {evaluation.reasoning ? (
          <p className="runs-prose" data-testid="run-reasoning">
            {evaluation.reasoning}
          </p>
        ) : (
          <p className="muted">No reasoning was recorded.</p>
        )}
        <h3>Failure reasons</h3>
        {evaluation.failureReasons.length === 0 ? (
          <p className="muted">None: the tool and its arguments were right.</p>
        ) : (
          <ul className="runs-reasons">
            {evaluation.failureReasons.map((r) => (
              <li key={r}>
                <code>{r}</code> <span>{explainReason(r)}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Recommendations">
        {evaluation.recommendations.length === 0 ? (
          <p className="muted">No recommendations for this run.</p>
        ) : (
          <ul className="runs-recs">
            {evaluation.recommendations.map((rec, i) => (
              <li key={i}>
                <div className="runs-rec-head">
                  <Badge value={rec.severity} tone={SEVERITY_TONE[rec.severity] ?? 'info'} />
                  <code>{rec.type}</code>
                </div>
                <p className="runs-prose">{rec.message}</p>
                {rec.tool || rec.parameter || rec.similarity !== undefined ? (
                  <p className="muted runs-small">
                    {[
                      rec.tool ? `tool ${rec.tool}` : null,
                      rec.otherTool ? `confused with ${rec.otherTool}` : null,
                      rec.parameter ? `parameter ${rec.parameter}` : null,
                      rec.similarity !== undefined ? `description similarity ${formatPercent(rec.similarity)}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                ) : null}
                {rec.tool ? (
                  <TryRewriteButton label={`Try this rewrite of ${rec.tool}`} prefill={() => prefillFromRunAdviceWithRewrites(rec.tool ?? '', rec.otherTool, tools, (path, body) => apiFetch(path, { method: 'POST', json: body }))} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
