import { useMemo } from 'react';
import { diffWords } from './word-diff';

/** Before and after side by side; removed words struck in the before text, added ones marked in the after text. */
export function DescriptionDiff({ before, after }: { before: string; after: string }) {
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  return (
    <div className="sim-diff">
      <div className="sim-diff-side">
        <h5>Before</h5>
        <p className="sim-diff-text" data-testid="sim-before">
          {before ? (
            parts ? (
              parts.map((p, i) =>
                p.op === 'add' ? null : p.op === 'del' ? (
                  <del key={i} className="diff-removed">
                    {p.text}
                  </del>
                ) : (
                  <span key={i}>{p.text}</span>
                ),
              )
            ) : (
              before
            )
          ) : (
            <span className="muted">(no description)</span>
          )}
        </p>
      </div>
      <div className="sim-diff-side">
        <h5>After</h5>
        <p className="sim-diff-text" data-testid="sim-after">
          {parts
            ? parts.map((p, i) =>
                p.op === 'del' ? null : p.op === 'add' ? (
                  <ins key={i} className="diff-added">
                    {p.text}
                  </ins>
                ) : (
                  <span key={i}>{p.text}</span>
                ),
              )
            : after}
        </p>
      </div>
    </div>
  );
}
