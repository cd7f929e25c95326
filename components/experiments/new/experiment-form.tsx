'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { queries } from '@/components/data/queries';
import { ApiKeyFields } from '@/components/runs/launch/api-key-fields';
import { EMPTY_KEYS, forgetKeys, keyHeaders, loadRememberedKeys, rememberKeys, type ApiKeyInputs } from '@/components/runs/launch/api-keys';
import { ModelMatrix } from '@/components/runs/launch/model-matrix';
import { newModelRow, type ModelRow } from '@/components/runs/launch/model-rows';
import { usedKeySlots } from '@/components/runs/launch/validate-launch';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { ErrorState, Loading } from '@/components/ui/states';
import { sendsApiDefault, useDefaultCases } from '../default-cases';
import { plural } from '../format';
import { useCreateExperiment } from '../mutations';
import { readPrefill, type Prefill, type ToolRef } from '../prefill';
import { BASELINE, MAX_EXPERIMENT_CONCURRENCY, MAX_EXPERIMENT_SAMPLES, MAX_VARIANTS } from '../types';
import { CaseChecklist } from './case-checklist';
import { freeVariantName, hasErrors, newChange, newVariant, validateExperiment, type DraftChange, type DraftErrors, type DraftVariant } from './draft';
import { VariantEditor } from './variant-editor';

const NO_ERRORS: DraftErrors = { variants: {}, rows: {}, keys: {} };

function variantsFrom(prefill: Prefill): DraftVariant[] {
  return prefill.variants.map((v) => newVariant(v.name, v.changes.map((c) => ({ ...newChange(c.server, c.tool, c.description ?? '', c.source), rename: c.name ?? '' }))));
}

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** A new experiment: variants of changed tools, the cases, the models; keys as headers only. */
export function ExperimentForm() {
  const router = useRouter();
  const params = useSearchParams();
  const [name, setName] = useState('');
  const [variants, setVariants] = useState<DraftVariant[]>(() => [newVariant('rewrite')]);
  const [focusTools, setFocusTools] = useState<ToolRef[] | undefined>(undefined);
  const [pickedCases, setPickedCases] = useState<string[] | null>(null);
  // A fixed key for the first row: newModelRow's counter differs between server and browser, and the row's datalist id comes from it.
  const [rows, setRows] = useState<ModelRow[]>(() => [{ ...newModelRow('local'), key: 'row-first' }]);
  const [samples, setSamples] = useState('1');
  const [concurrency, setConcurrency] = useState('4');
  const [keys, setKeys] = useState<ApiKeyInputs>(EMPTY_KEYS);
  const [remember, setRemember] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [prefilled, setPrefilled] = useState<string | null>(null);
  const applied = useRef(false);
  const servers = useQuery(queries.servers());
  const create = useCreateExperiment(() => keyHeaders(keys));

  // sessionStorage exists only in the browser: read the prefill and remembered keys after mount, once.
  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    const prefill = readPrefill(new URLSearchParams(params.toString()), tabStorage());
    if (prefill) {
      setVariants(variantsFrom(prefill));
      setFocusTools(prefill.focusTools);
      if (prefill.name) setName(prefill.name);
      const tools = prefill.variants.flatMap((v) => v.changes.map((c) => `${c.server}/${c.tool}`));
      setPrefilled(`Prefilled with ${plural(tools.length, 'tool')} to rewrite: ${tools.join(', ')}. Edit the texts below, then start.`);
    }
    const saved = loadRememberedKeys();
    if (saved) {
      setKeys(saved);
      setRemember(true);
    }
  }, [params]);

  const changedRefs = useMemo(() => variants.flatMap((v) => v.changes.filter((c) => c.server && c.tool).map((c) => ({ server: c.server, tool: c.tool }))), [variants]);
  const defaults = useDefaultCases(changedRefs, focusTools);
  const defaultIds = useMemo(() => defaults.data?.ids ?? [], [defaults.data]);
  const caseIds = pickedCases ?? defaultIds;

  const updateChange = useCallback((variantKey: string, changeKey: string, patch: Partial<DraftChange>) => {
    setVariants((prev) => prev.map((v) => (v.key === variantKey ? { ...v, changes: v.changes.map((c) => (c.key === changeKey ? { ...c, ...patch } : c)) } : v)));
  }, []);
  const updateVariant = (key: string, patch: Partial<DraftVariant>) => setVariants((prev) => prev.map((v) => (v.key === key ? { ...v, ...patch } : v)));

  const changeKeys = (next: ApiKeyInputs) => {
    setKeys(next);
    if (remember) rememberKeys(next);
  };
  const changeRemember = (on: boolean) => {
    setRemember(on);
    if (on) rememberKeys(keys);
    else forgetKeys();
  };

  const validation = validateExperiment({ name, variants, caseIds, apiDefaultCases: sendsApiDefault(pickedCases === null, focusTools), rows, samples, concurrency, keys });
  const errors = attempted && validation.errors ? validation.errors : NO_ERRORS;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (!validation.body) return;
    create.mutate(validation.body, { onSuccess: (experiment) => router.push(`/experiments/${experiment.id}`) });
  };

  const runCount = caseIds.length * rows.length * (variants.length + 1);

  return (
    <>
      <nav aria-label="Breadcrumb" className="runs-breadcrumb">
        <ol>
          <li>
            <Link href="/experiments">Experiments</Link>
          </li>
          <li aria-current="page">New</li>
        </ol>
      </nav>
      <h1>New experiment</h1>
      <p className="muted exp-lead">
        Each variant changes what the model is shown for some tools (the servers stay untouched); the unchanged tools run too, as the baseline{' '}
        <code>{BASELINE}</code>. Every variant runs the same cases, models and samples.
      </p>
      <p className={prefilled ? 'notice' : 'sr-only'} role="status" data-testid="exp-prefilled">
        {prefilled ?? ''}
      </p>
      <form className="panel runs-launch" onSubmit={submit} noValidate aria-labelledby="exp-form-title">
        <h2 id="exp-form-title">Set up the experiment</h2>
        <Field label="Experiment name (optional)" hint="Defaults to the date and time." error={errors.name}>
          {(props) => <input {...props} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} placeholder="e.g. sharper rag_search description" />}
        </Field>

        <h3>Variants</h3>
        {servers.isPending ? <Loading label="Loading servers…" /> : null}
        {servers.isError ? <ErrorState error={servers.error} onRetry={() => void servers.refetch()} /> : null}
        {variants.map((v) => (
          <VariantEditor
            key={v.key}
            variant={v}
            servers={servers.data?.items ?? []}
            errors={errors.variants[v.key]}
            onRename={(n) => updateVariant(v.key, { name: n })}
            onChangeTool={(changeKey, patch) => updateChange(v.key, changeKey, patch)}
            onSetChanges={(changes) => updateVariant(v.key, { changes })}
            onRemove={variants.length > 1 ? () => setVariants((prev) => prev.filter((x) => x.key !== v.key)) : null}
          />
        ))}
        <FieldError error={errors.variantList} />
        <button type="button" className="btn btn-small exp-add" disabled={variants.length >= MAX_VARIANTS} onClick={() => setVariants((prev) => [...prev, newVariant(freeVariantName(prev, 'variant'))])}>
          + Add variant
        </button>

        <CaseChecklist
          selected={caseIds}
          following={pickedCases === null}
          preselected={{ total: defaults.data?.total ?? null, loading: defaults.isFetching && !defaults.data, error: defaults.isError ? defaults.error : null, retry: () => void defaults.refetch() }}
          onChange={setPickedCases}
          onReset={() => setPickedCases(null)}
          error={errors.cases}
        />

        <ModelMatrix rows={rows} errors={errors.rows} onChange={setRows} />
        <FieldError error={errors.models} />
        <div className="runs-inline-fields">
          <Field label="Samples per run" hint={`1-${MAX_EXPERIMENT_SAMPLES}; more samples narrow the intervals`} error={errors.samples}>
            {(props) => <input {...props} type="number" min={1} max={MAX_EXPERIMENT_SAMPLES} value={samples} onChange={(e) => setSamples(e.target.value)} />}
          </Field>
          <Field label="Concurrency" hint={`1-${MAX_EXPERIMENT_CONCURRENCY} runs at a time`} error={errors.concurrency}>
            {(props) => <input {...props} type="number" min={1} max={MAX_EXPERIMENT_CONCURRENCY} value={concurrency} onChange={(e) => setConcurrency(e.target.value)} />}
          </Field>
        </div>
        <ApiKeyFields keys={keys} onChange={changeKeys} remember={remember} onRememberChange={changeRemember} used={usedKeySlots(rows)} errors={errors.keys} />
        <div className="runs-submit">
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Starting…' : 'Start experiment'}
          </button>
          <span className="muted" data-testid="exp-run-count">
            {plural(runCount, 'run')}: {plural(variants.length + 1, 'variant')} (with {BASELINE}) × {plural(caseIds.length, 'case')} × {plural(rows.length, 'model')}
            {Number(samples) > 1 ? `, ${samples} samples each` : ''}
          </span>
        </div>
        {hasErrors(errors) ? (
          <p className="field-error" role="alert">
            Some settings need fixing; see the marked fields.
          </p>
        ) : null}
        {create.isError ? (
          <p className="state state-error" role="alert">
            <strong>Could not start the experiment.</strong> {create.error.message}
          </p>
        ) : null}
      </form>
    </>
  );
}
