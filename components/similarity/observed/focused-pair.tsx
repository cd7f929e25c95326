import { plural, score } from '../format';
import type { PairOf } from '../results/pair-index';
import { ToolName } from '../results/tool-name';
import type { AnalyzeResult } from '../types';
import type { Observed } from './use-observed';

/** The pair a link asked about (e.g. a mistake on /metrics): its score, whether it is flagged, and how often runs confused it. */
export function FocusedPair({ focus, analysis, pairOf, observed }: { focus: [string, string]; analysis: AnalyzeResult; pairOf: PairOf; observed: Observed }) {
  const [a, b] = focus;
  const known = new Set(analysis.tools.map((t) => t.id));
  const missing = focus.filter((id) => !known.has(id));
  const pair = pairOf(a, b);
  return (
    <section className="sim-callout sim-focus" aria-labelledby="sim-focus-title" data-testid="sim-focus">
      <h3 id="sim-focus-title">
        Pair in focus: <ToolName id={a} /> and <ToolName id={b} />
      </h3>
      {missing.length ? (
        <p>
          {missing.join(' and ')} {missing.length === 1 ? 'is' : 'are'} not among the analysed tools (renamed, removed, or its server was not listed).
        </p>
      ) : pair ? (
        <p>
          Similarity <strong data-testid="sim-focus-score">{score(pair.similarity)}</strong>:{' '}
          {pair.flagged ? `flagged (at or above ${analysis.threshold}), likely to be confused.` : `under the threshold ${analysis.threshold}, not flagged.`}
          {observed.state === 'ready' ? ` Evaluated runs confused them ${plural(observed.data.countOf(a, b), 'time')}.` : null}
        </p>
      ) : (
        <p>This pair is not listed: above 200 tools only flagged pairs and nearest neighbours are, so it scores under the threshold {analysis.threshold}.</p>
      )}
    </section>
  );
}
