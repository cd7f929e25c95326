'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ServerDto } from '@/components/data/types';
import { Field } from '@/components/ui/field';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { createTestCase, updateTestCase, type TestCasePayload } from '../api';
import { fieldErrorsFromApi } from './api-errors';
import { ExpectationEditor } from './expectation-editor';
import type { ExpectedParameters } from './expected-arguments';
import { FIELD_LABELS, QUERY_MAX_LENGTH, toPayload, validate, type FieldErrors, type FieldName, type FormValues } from './form-values';
import { RadioCards } from '@/components/ui/radio-cards';
import type { CaseMode } from '@/lib/eval/sequence/types';
import { SelectionContext } from './sequence/selection-context';
import { SequenceEditor } from './sequence/sequence-editor';
import type { SequenceValues } from './sequence/sequence-values';
import { ServerPicker } from './server-picker';

const MODE_OPTIONS = [
  { value: 'selection', label: 'One tool call', hint: 'The model is asked once and its first call is judged (or no call, for a negative case).' },
  { value: 'sequence', label: 'A sequence of calls', hint: 'An agent loop: calls are answered (for real or scripted) until the model answers or runs out of steps.' },
] as const satisfies readonly { value: CaseMode; label: string; hint: string }[];

/** A sequence problem's path in words for the summary: "expectedCalls.1.tool" -> "Expected call 2, tool". */
function pathLabel(path: string): string {
  const names: Record<string, string> = {
    expectedCalls: 'Expected call',
    context: 'Turn',
    mockResults: 'Mock result',
    forbiddenTools: 'Forbidden tool',
    maxSteps: 'Maximum steps',
    callOrder: 'Call order',
    execute: 'Execution policy',
    mode: 'Mode',
  };
  const parts = path.split('.');
  const head = parts[0] ?? '';
  const index = parts[1] !== undefined && /^\d+$/.test(parts[1]) ? ` ${Number(parts[1]) + 1}` : '';
  const rest = parts.slice(index ? 2 : 1).join('.');
  return `${names[head] ?? head}${index}${rest ? `, ${rest}` : ''}`;
}

type Props = { servers: ServerDto[]; initial: FormValues; testCaseId?: string };

/** Keeps the expected server one of the ticked servers (the first ticked one by default). */
function serversPatch(values: FormValues, serverIds: string[]): Partial<FormValues> {
  if (serverIds.includes(values.expectedServerId)) return { serverIds };
  return { serverIds, expectedServerId: serverIds[0] ?? '', expectedTool: '', expectedParameters: null };
}

/** Fields a patch touches, so their stale API errors go away as soon as they are edited. */
function touchedFields(patch: Partial<FormValues>): FieldName[] {
  const map: Record<keyof FormValues, FieldName[]> = {
    name: ['name'],
    query: ['query'],
    serverIds: ['serverIds', 'expectedServer'],
    negative: ['expectedServer', 'expectedTool', 'expectedParameters'],
    expectedServerId: ['expectedServer', 'expectedTool', 'expectedParameters'],
    expectedTool: ['expectedTool', 'expectedParameters'],
    expectedParameters: ['expectedParameters'],
    argumentMatching: [],
    tags: ['tags'],
    mode: [],
    sequence: [],
  };
  return (Object.keys(patch) as (keyof FormValues)[]).flatMap((k) => map[k]);
}

/** Create or edit one test case; client checks first, then the API's own errors land on their fields. */
export function TestCaseForm({ servers, initial, testCaseId }: Props) {
  const router = useRouter();
  const client = useQueryClient();
  // The values as the form opened: the parent may rebuild `initial` on each render (fresh row keys).
  const [baseline] = useState(initial);
  const [values, setValues] = useState(baseline);
  const [argumentErrors, setArgumentErrors] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [api, setApi] = useState<{ message: string; fields: FieldErrors } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  // Bumped by each failed submit; the summary takes focus once it has rendered.
  const [failedSubmits, setFailedSubmits] = useState(0);
  useEffect(() => {
    if (failedSubmits > 0) summaryRef.current?.focus();
  }, [failedSubmits]);

  const mutation = useMutation({
    mutationFn: (payload: TestCasePayload) => (testCaseId ? updateTestCase(testCaseId, payload) : createTestCase(payload)),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: ['test-cases'] });
      router.push(`/test-cases?saved=${encodeURIComponent(saved.name)}`);
    },
    onError: (err) => {
      setApi(fieldErrorsFromApi(err));
      setFailedSubmits((n) => n + 1);
    },
  });

  // A half-filled form is not lost without a word: leaving asks first, until it is saved.
  // Only after the user typed or picked something: editors may normalise the values on mount.
  const [touched, setTouched] = useState(false);
  const dirty = touched && !mutation.isSuccess && JSON.stringify(values) !== JSON.stringify(baseline);
  useUnsavedChanges(dirty, testCaseId ? 'Leave this page? Your changes to this test case are not saved.' : 'Leave this page? The new test case is not saved.');

  const local = validate(values, argumentErrors);
  // Before the first submit only the query length shows live; afterwards every problem does.
  const shownLocal: FieldErrors = submitted ? local : local.query && values.query.length > QUERY_MAX_LENGTH ? { query: local.query } : {};
  const errors: FieldErrors = { ...api?.fields, ...shownLocal, arguments: { ...api?.fields.arguments }, paths: { ...api?.fields.paths, ...shownLocal.paths } };

  function update(patch: Partial<FormValues>) {
    setValues((v) => ({ ...v, ...patch }));
    // New expected arguments come from a fresh editor (or from the editor, which reports its count right after).
    if ('expectedParameters' in patch) setArgumentErrors(0);
    if (api) {
      const fields: FieldErrors = { ...api.fields };
      for (const f of touchedFields(patch)) delete fields[f];
      if ('expectedParameters' in patch || 'expectedTool' in patch) delete fields.arguments;
      if ('sequence' in patch || 'mode' in patch) delete fields.paths;
      setApi({ ...api, fields });
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setApi(null);
    if (Object.keys(local).length > 0) {
      setFailedSubmits((n) => n + 1);
      return;
    }
    mutation.mutate(toPayload(values, servers));
  }

  const problems = submitted ? (Object.entries(local).filter(([k]) => k !== 'paths' && k !== 'arguments') as [FieldName, string][]) : [];
  const pathProblems = submitted ? Object.entries(local.paths ?? {}) : [];
  return (
    <form className="tc-form" onSubmit={submit} onChange={() => setTouched(true)} onClick={(e) => {
        // Buttons (add argument, pick a tool) change the form without a change event.
        if (e.target instanceof HTMLElement && e.target.closest('button:not([type="submit"])')) setTouched(true);
      }} noValidate aria-busy={mutation.isPending}>
      {problems.length > 0 || pathProblems.length > 0 || api ? (
        <div ref={summaryRef} tabIndex={-1} className="state state-error tc-summary" role="alert">
          <strong>{api ? `The test case was not saved: ${api.message}` : 'Fix these before saving:'}</strong>
          {problems.length > 0 || pathProblems.length > 0 ? (
            <ul>
              {problems.map(([field, message]) => (
                <li key={field}>
                  {FIELD_LABELS[field]}: {message}
                </li>
              ))}
              {pathProblems.map(([path, message]) => (
                <li key={path}>
                  {pathLabel(path)}: {message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <section className="panel" aria-labelledby="tc-what">
        <h2 id="tc-what">What the model is asked</h2>
        <Field label="Name" error={errors.name} hint="A short label, unique enough to find it again in lists and reports.">
          {(p) => <input {...p} value={values.name} maxLength={200} autoComplete="off" onChange={(e) => update({ name: e.target.value })} />}
        </Field>
        <Field
          label="Query"
          error={errors.query}
          hint={`${values.query.length.toLocaleString('en')} / ${QUERY_MAX_LENGTH.toLocaleString('en')} characters. The user message the model gets, as a user would write it.`}
        >
          {(p) => <textarea {...p} className="tc-query-input" rows={4} value={values.query} onChange={(e) => update({ query: e.target.value })} />}
        </Field>
        <Field label="Tags (optional)" error={errors.tags} hint="Comma-separated, e.g. smoke, github. The list filters by them and a batch can run every case with a tag.">
          {(p) => <input {...p} value={values.tags} autoComplete="off" onChange={(e) => update({ tags: e.target.value })} />}
        </Field>
      </section>

      <section className="panel" aria-labelledby="tc-servers">
        <h2 id="tc-servers">Tools the model sees</h2>
        <ServerPicker servers={servers} value={values.serverIds} error={errors.serverIds} onChange={(ids) => update(serversPatch(values, ids))} />
      </section>

      <section className="panel" aria-labelledby="tc-expected">
        <h2 id="tc-expected">{values.mode === 'sequence' ? 'Expected tool calls' : 'Expected tool call'}</h2>
        <fieldset className="tc-fieldset">
          <legend>What the model does</legend>
          <RadioCards name="tc-mode" options={MODE_OPTIONS} value={values.mode} onChange={(mode) => update({ mode })} />
        </fieldset>
        {values.mode === 'sequence' ? (
          <SequenceEditor
            servers={servers.filter((s) => values.serverIds.includes(s.id))}
            value={values.sequence}
            errors={errors.paths ?? {}}
            showErrors={submitted}
            onChange={(patch: Partial<SequenceValues>) => update({ sequence: { ...values.sequence, ...patch } })}
          />
        ) : (
        <>
        <ExpectationEditor
          servers={servers}
          values={values}
          errors={errors}
          showErrors={submitted}
          onChange={update}
          onArgumentsChange={(expectedParameters: ExpectedParameters | null, count: number) => {
            update({ expectedParameters });
            setArgumentErrors(count);
          }}
        />
        <SelectionContext
          servers={servers.filter((s) => values.serverIds.includes(s.id))}
          turns={values.sequence.context}
          errors={errors.paths ?? {}}
          onChange={(context) => update({ sequence: { ...values.sequence, context } })}
        />
        </>
        )}
      </section>

      <div className="tc-form-actions">
        <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : testCaseId ? 'Save changes' : 'Create test case'}
        </button>
        <Link href="/test-cases" className="btn">
          Cancel
        </Link>
      </div>
    </form>
  );
}
