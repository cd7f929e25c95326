'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { FORMAT_LABELS, importTestCases, TEST_CASE_FORMATS, type TestCaseFormat } from '../api';
import { formatFromFileName } from './detect-format';
import { TestCaseImportReportView } from './import-report';

const PREVIEW_LIMIT = 200_000;

/** Upload or paste a JSON array, JSONL or CSV document, then show what happened to each row. */
export function ImportPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const uid = useId();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [format, setFormat] = useState<TestCaseFormat | ''>('');
  const [readError, setReadError] = useState<string | null>(null);
  // A new key empties the file input, so picking the same file again still fires onChange.
  const [fileInputKey, setFileInputKey] = useState(0);
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => importTestCases(text, format || null),
    onSuccess: () => client.invalidateQueries({ queryKey: ['test-cases'] }),
  });

  async function pickFile(file: File | undefined) {
    setReadError(null);
    mutation.reset();
    if (!file) return;
    try {
      setText(await file.text());
      setFileName(file.name);
      setFormat(formatFromFileName(file.name) ?? '');
    } catch {
      setReadError(`Could not read ${file.name}.`);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (text.trim()) mutation.mutate();
  }

  const tooBigToShow = text.length > PREVIEW_LIMIT;
  return (
    <section id={id} className="panel tc-import" aria-labelledby={`${uid}-title`}>
      <div className="tc-panel-head">
        <h2 id={`${uid}-title`}>Import test cases</h2>
        <button type="button" className="btn btn-small" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="muted">
        A JSON array or JSONL of test case objects, or CSV with the columns <code>name, query, servers</code> (server names
        separated by <code>;</code>), <code>expectedServer, expectedTool, expectedParameters</code> (JSON). Leave the expected
        columns empty for a negative case. Each row is imported on its own; a failed row writes nothing.
      </p>
      <form onSubmit={submit}>
        <div className="grid-2">
          <div className="field">
            <label htmlFor={`${uid}-file`}>Upload a file</label>
            <input
              key={fileInputKey}
              id={`${uid}-file`}
              type="file"
              accept=".json,.jsonl,.ndjson,.csv,application/json,text/csv"
              aria-describedby={readError ? `${uid}-file-error` : undefined}
              onChange={(e) => void pickFile(e.target.files?.[0])}
            />
            <FieldError id={`${uid}-file-error`} error={readError} />
          </div>
          <div className="field">
            <label htmlFor={`${uid}-format`}>Format</label>
            <select id={`${uid}-format`} value={format} onChange={(e) => setFormat(e.target.value as TestCaseFormat | '')}>
              <option value="">Detect from the content</option>
              {TEST_CASE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${uid}-text`}>{fileName ? `Contents of ${fileName}` : 'Or paste the contents'}</label>
          <textarea
            id={`${uid}-text`}
            rows={8}
            spellCheck={false}
            readOnly={tooBigToShow}
            value={tooBigToShow ? `${text.slice(0, 2000)}\n… (${text.length.toLocaleString()} characters in all)` : text}
            placeholder={'name,query,servers,expectedServer,expectedTool,expectedParameters\nFind vector docs,"Search for vector databases",rag,rag,rag_search,"{""query"":{""$contains"":""vector""}}"'}
            onChange={(e) => {
              setText(e.target.value);
              setFileName(null);
              mutation.reset();
            }}
          />
        </div>
        <div className="tc-actions">
          <button type="submit" className="btn btn-primary" disabled={!text.trim() || mutation.isPending}>
            {mutation.isPending ? 'Importing…' : 'Import'}
          </button>
          {text ? (
            <button
              type="button"
              className="btn"
              onClick={() => {
                setText('');
                setFileName(null);
                setFileInputKey((k) => k + 1);
                mutation.reset();
              }}
            >
              Clear
            </button>
          ) : null}
        </div>
      </form>
      {mutation.error ? (
        <div className="state state-error" role="alert">
          <strong>Nothing was imported.</strong> {mutation.error.message}
        </div>
      ) : null}
      <TestCaseImportReportView report={mutation.data} />
    </section>
  );
}
