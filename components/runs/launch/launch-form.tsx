'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { queries } from '@/components/data/queries';
import type { BatchDto } from '@/components/data/types';
import { Field } from '@/components/ui/field';
import { MAX_CONCURRENCY, MAX_SAMPLES } from '@/lib/eval/api/limits';
import { ApiKeyFields } from './api-key-fields';
import { EMPTY_KEYS, forgetKeys, keyHeaders, loadRememberedKeys, rememberKeys, type ApiKeyInputs } from './api-keys';
import { ModelMatrix } from './model-matrix';
import { newModelRow, type ModelRow } from './model-rows';
import { readLaunchHandoff } from './launch-handoff';
import { TestCasePicker, type CaseSelection } from './test-case-picker';
import { useLaunchBatch } from './use-launch-batch';
import { usedKeySlots, validateLaunch, type LaunchErrors } from './validate-launch';

const NO_ERRORS: LaunchErrors = { rows: {}, keys: {} };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "60 runs: 30 test cases × 2 models, 5 samples each" (a run covers all its samples). */
function describeLaunch(cases: number, models: number, samples: number): string {
  return `${plural(cases * models, 'run')}: ${plural(cases, 'test case')} × ${plural(models, 'model')}${samples > 1 ? `, ${samples} samples each` : ''}`;
}

/** Launch a batch: test cases x model matrix x samples, keys as headers only. */
export function LaunchForm({ onLaunched, countReady = true }: { onLaunched: (batch: BatchDto) => void; countReady?: boolean }) {
  const [name, setName] = useState('');
  const [cases, setCases] = useState<CaseSelection>({ mode: 'all', ids: [] });
  const [rows, setRows] = useState<ModelRow[]>(() => [newModelRow('local')]);
  const [samples, setSamples] = useState('1');
  const [concurrency, setConcurrency] = useState('4');
  const [keys, setKeys] = useState<ApiKeyInputs>(EMPTY_KEYS);
  const [remember, setRemember] = useState(false);
  // Errors show once a launch was attempted, then follow every edit.
  const [attempted, setAttempted] = useState(false);
  const [started, setStarted] = useState<BatchDto | null>(null);
  const launch = useLaunchBatch(() => keyHeaders(keys));
  // Only the total is read: limit 1 is the picker's own query (one request), where 200 cases with their last
  // verdicts took seconds at 1M runs; asked once `countReady`.
  const allCases = useQuery({ ...queries.testCases({ limit: 1 }), enabled: countReady });
  const formRef = useRef<HTMLFormElement>(null);
  const launchErrorRef = useRef<HTMLParagraphElement>(null);
  // After a failed attempt focus goes to what needs reading: the server's refusal, else the first marked field.
  // Without this it stayed on Launch while the message was below the fold.
  const [focusAfterAttempt, setFocusAfterAttempt] = useState<'server' | 'fields' | null>(null);
  useEffect(() => {
    if (!focusAfterAttempt) return;
    const target =
      focusAfterAttempt === 'server' ? launchErrorRef.current : formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
    setFocusAfterAttempt(null);
  }, [focusAfterAttempt]);

  // "Run selected" on the test case list: its selection arrives through sessionStorage (see launch-handoff).
  const [handoff, setHandoff] = useState<string | null>(null);
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('launch') !== 'selection') return;
    const h = readLaunchHandoff();
    if (!h) return;
    setCases(h.kind === 'ids' ? { mode: 'some', ids: h.ids } : { mode: 'matching', ids: [], filter: h.filter, total: h.total, label: 'matching the test case list’s filters' });
    setHandoff(h.label);
    document.getElementById('runs-launch-title')?.scrollIntoView({ block: 'start' });
  }, []);

  // sessionStorage exists only in the browser: read it after mount.
  useEffect(() => {
    const saved = loadRememberedKeys();
    if (saved) {
      setKeys(saved);
      setRemember(true);
    }
  }, []);

  const changeKeys = (next: ApiKeyInputs) => {
    setKeys(next);
    if (remember) rememberKeys(next);
  };
  const changeRemember = (on: boolean) => {
    setRemember(on);
    if (on) rememberKeys(keys);
    else forgetKeys();
  };

  const caseCount = cases.mode === 'all' ? allCases.data?.total : cases.mode === 'matching' ? cases.total : cases.ids.length;
  const sampleCount = Number(samples) || 1;

  const validation = validateLaunch({ name, cases, rows, samples, concurrency, keys });
  const errors = attempted && validation.errors ? validation.errors : NO_ERRORS;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStarted(null);
    setAttempted(true);
    if (!validation.body) {
      setFocusAfterAttempt('fields');
      return;
    }
    launch.mutate(validation.body, {
      onSuccess: (batch) => {
        setAttempted(false);
        setStarted(batch);
        onLaunched(batch);
      },
      onError: () => setFocusAfterAttempt('server'),
    });
  };

  const hasErrors = Boolean(errors.cases || errors.samples || errors.concurrency || Object.keys(errors.rows).length || Object.keys(errors.keys).length);

  return (
    <form ref={formRef} className="panel runs-launch" onSubmit={submit} noValidate aria-labelledby="runs-launch-title">
      <h2 id="runs-launch-title">Launch a batch</h2>
      <Field label="Batch name (optional)" hint="Defaults to the date and time.">
        {(props) => <input {...props} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} placeholder="e.g. gpt-4o-mini vs baseline" />}
      </Field>
      {handoff ? (
        <p className="runs-handoff" role="status">
          Test cases from the list: {handoff}.
        </p>
      ) : null}
      <TestCasePicker value={cases} onChange={setCases} error={errors.cases} countReady={countReady} />
      <ModelMatrix rows={rows} errors={errors.rows} onChange={setRows} />
      <div className="runs-inline-fields">
        <Field label="Samples per run" hint={`1-${MAX_SAMPLES}; 2 or more measure agreement (pass^k)`} error={errors.samples}>
          {(props) => <input {...props} type="number" min={1} max={MAX_SAMPLES} value={samples} onChange={(e) => setSamples(e.target.value)} />}
        </Field>
        <Field label="Concurrency" hint={`1-${MAX_CONCURRENCY} runs at a time`} error={errors.concurrency}>
          {(props) => <input {...props} type="number" min={1} max={MAX_CONCURRENCY} value={concurrency} onChange={(e) => setConcurrency(e.target.value)} />}
        </Field>
      </div>
      <ApiKeyFields keys={keys} onChange={changeKeys} remember={remember} onRememberChange={changeRemember} used={usedKeySlots(rows)} errors={errors.keys} />
      <div className="runs-submit">
        <button type="submit" className="btn btn-primary" disabled={launch.isPending}>
          {launch.isPending ? 'Starting…' : 'Launch batch'}
        </button>
        <span className="muted">
          {caseCount === undefined ? '' : describeLaunch(caseCount, rows.length, sampleCount)}
        </span>
      </div>
      {hasErrors ? (
        <p className="field-error" role="alert">
          Some settings need fixing; see the marked fields.
        </p>
      ) : null}
      {launch.isError ? (
        <p ref={launchErrorRef} tabIndex={-1} className="state state-error" role="alert" data-testid="launch-error">
          <strong>Could not start the batch.</strong> {launch.error.message}
        </p>
      ) : null}
      {/* Always in the page: a live region added together with its message is not reliably announced. */}
      <p className={started ? 'runs-started' : 'sr-only'} role="status">
        {started ? `Started “${started.name}” with ${started.counts.total} runs; follow it under Live progress.` : ''}
      </p>
    </form>
  );
}
