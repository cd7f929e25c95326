'use client';

import { useRef, useState, type FormEvent } from 'react';
import { lintBodyOf } from '@/components/quality/api';
import { LintPanel } from '@/components/quality/lint-panel';
import { AnalysisError } from './analysis-error';
import { buildRequest, INITIAL_FORM, sourceBody, type FormErrors, type SimilarityForm } from './form-state';
import { SourcePicker } from './input/source-picker';
import { useAnalyzeSimilarity } from './mutations';
import { useUrlFocus } from './observed/use-url-focus';
import { OptionsPanel } from './options/options-panel';
import { ResultsView } from './results/results-view';

export function SimilarityPage() {
  const [form, setForm] = useState<SimilarityForm>(INITIAL_FORM);
  const [errors, setErrors] = useState<FormErrors>({});
  const analyze = useAnalyzeSimilarity();
  const summaryRef = useRef<HTMLDivElement>(null);
  const resultsRef = useRef<HTMLElement>(null);

  const update = (patch: Partial<SimilarityForm>) => setForm((f) => ({ ...f, ...patch }));

  function run(next: SimilarityForm) {
    const built = buildRequest(next);
    if (!built.ok) {
      setErrors(built.errors);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setErrors({});
    analyze.mutate({ body: built.body, headers: built.headers }, { onSettled: () => requestAnimationFrame(() => resultsRef.current?.focus()) });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    run(form);
  }

  // A link from another page (e.g. a confused pair on /metrics) names servers and a pair: analyse them at once.
  const { focus, problem } = useUrlFocus((serverIds) => {
    const next: SimilarityForm = { ...form, source: 'servers', serverIds };
    setForm(next);
    run(next);
  });

  const errorList = Object.values(errors).filter(Boolean);
  return (
    <>
      <header className="sim-page-head">
        <h1>Similarity</h1>
        <p className="muted">
          Find tools an LLM is likely to confuse: pairwise similarity of their descriptions, an overlap heatmap, clusters, and rewritten descriptions
          you can apply as JSON Patch. Nothing is stored.
        </p>
      </header>
      <form className="sim-form" onSubmit={onSubmit} noValidate aria-label="Similarity analysis">
        {errorList.length ? (
          <div ref={summaryRef} tabIndex={-1} className="state state-error sim-error-summary" role="alert">
            <strong>Fix {errorList.length === 1 ? 'this' : 'these'} first:</strong>
            <ul>
              {errorList.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <SourcePicker form={form} update={update} error={errors.source} />
        <OptionsPanel form={form} update={update} errors={errors} />
        <div className="sim-form-actions">
          <button type="submit" className="btn btn-primary" disabled={analyze.isPending}>
            {analyze.isPending ? 'Analysing…' : 'Run analysis'}
          </button>
          {analyze.isPending ? <span className="muted sim-small">Listing tools and embedding descriptions; the first run loads the model and can take a few seconds.</span> : null}
        </div>
      </form>
      <section ref={resultsRef} tabIndex={-1} className="sim-results" aria-labelledby="sim-results-title" aria-busy={analyze.isPending}>
        <h2 id="sim-results-title">Results</h2>
        {problem ? (
          <p className="sim-callout is-warn" role="status">
            {problem}
          </p>
        ) : null}
        {analyze.isPending ? (
          <p className="state state-loading" role="status" aria-live="polite">
            Analysing…
          </p>
        ) : analyze.isError ? (
          <AnalysisError error={analyze.error} />
        ) : analyze.data ? (
          <ResultsView outcome={analyze.data} focus={focus} />
        ) : (
          <div className="state state-empty">
            <strong>No analysis yet.</strong>
            <span>Choose the tools to compare above (the demo servers rag, todo and valuerank are registered), then press Run analysis.</span>
          </div>
        )}
      </section>
      <LintPanel
        readSource={() => {
          const source = sourceBody(form);
          return source.body ? { body: lintBodyOf(source.body) } : { error: source.error };
        }}
      />
    </>
  );
}
