'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { BatchDto, TestCaseDto } from '@/components/data/types';
import { ApiKeyFields } from '@/components/runs/launch/api-key-fields';
import { EMPTY_KEYS, keyHeaders, loadRememberedKeys, rememberKeys, forgetKeys, type ApiKeyInputs } from '@/components/runs/launch/api-keys';
import { newModelRow, type ModelRow } from '@/components/runs/launch/model-rows';
import { ModelRowFields } from '@/components/runs/launch/model-row-fields';
import { useLaunchBatch } from '@/components/runs/launch/use-launch-batch';
import { usedKeySlots, validateLaunch, type LaunchErrors } from '@/components/runs/launch/validate-launch';
import { Field } from '@/components/ui/field';
import { MAX_SAMPLES } from '@/lib/eval/api/limits';

const NO_ERRORS: LaunchErrors = { rows: {}, keys: {} };

/**
 * "Run again": this one case against a chosen model, as a one-case batch through POST
 * /api/batches (the launch form's model fields and key headers; keys never in the body).
 */
export function RunAgain({ testCase, onStarted }: { testCase: TestCaseDto; onStarted: (batch: BatchDto) => void }) {
  const [rows, setRows] = useState<ModelRow[]>(() => [newModelRow('local')]);
  const [samples, setSamples] = useState('1');
  const [keys, setKeys] = useState<ApiKeyInputs>(EMPTY_KEYS);
  const [remember, setRemember] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [started, setStarted] = useState<BatchDto | null>(null);
  const launch = useLaunchBatch(() => keyHeaders(keys));
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const [focusAfter, setFocusAfter] = useState<'server' | 'fields' | null>(null);

  useEffect(() => {
    const saved = loadRememberedKeys();
    if (saved) {
      setKeys(saved);
      setRemember(true);
    }
  }, []);
  useEffect(() => {
    if (!focusAfter) return;
    const target = focusAfter === 'server' ? errorRef.current : formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const validation = validateLaunch({ name: `Again: ${testCase.name}`.slice(0, 200), cases: { mode: 'some', ids: [testCase.id] }, rows, samples, concurrency: '1', keys });
  const errors = attempted && validation.errors ? validation.errors : NO_ERRORS;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStarted(null);
    setAttempted(true);
    if (!validation.body) {
      setFocusAfter('fields');
      return;
    }
    launch.mutate(validation.body, {
      onSuccess: (batch) => {
        setAttempted(false);
        setStarted(batch);
        onStarted(batch);
      },
      onError: () => setFocusAfter('server'),
    });
  };

  return (
    <form ref={formRef} className="panel tcd-again" onSubmit={submit} noValidate aria-labelledby="tcd-again-title">
      <h2 id="tcd-again-title">Run again</h2>
      <p className="muted tcd-note">Runs this case once more against the model you choose, as a one-case batch; the run appears at the top of the runs above.</p>
      {rows.map((row, i) => (
        <ModelRowFields key={row.key} row={row} index={i} errors={errors.rows[row.key]} onChange={(next) => setRows([next])} onRemove={null} />
      ))}
      <Field label="Samples" hint={`1-${MAX_SAMPLES}; 2 or more measure agreement (pass^k)`} error={errors.samples}>
        {(props) => <input {...props} type="number" min={1} max={MAX_SAMPLES} value={samples} onChange={(e) => setSamples(e.target.value)} />}
      </Field>
      <ApiKeyFields
        keys={keys}
        onChange={(next) => {
          setKeys(next);
          if (remember) rememberKeys(next);
        }}
        remember={remember}
        onRememberChange={(on) => {
          setRemember(on);
          if (on) rememberKeys(keys);
          else forgetKeys();
        }}
        used={usedKeySlots(rows)}
        errors={errors.keys}
      />
      <div className="runs-submit">
        <button type="submit" className="btn btn-primary" disabled={launch.isPending}>
          {launch.isPending ? 'Starting…' : 'Run again'}
        </button>
      </div>
      {launch.isError ? (
        <p ref={errorRef} tabIndex={-1} className="state state-error" role="alert">
          <strong>Could not start the run.</strong> {launch.error.message}
        </p>
      ) : null}
      <p className={started ? 'runs-started' : 'sr-only'} role="status">
        {started ? `Started “${started.name}”; the run is listed first under Runs and updates when it finishes.` : ''}
      </p>
    </form>
  );
}
