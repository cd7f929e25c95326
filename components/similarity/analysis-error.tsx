import { ApiError } from '@/components/data/fetcher';

type DetailLine = { key: string; text: string };

const NEXT_STEP: Record<string, string> = {
  too_few_tools: 'Similarity compares pairs: give at least two tools (select another server or add tools to the list).',
  duplicate_tool_ids: 'Rename the repeated tools, or tick "Keep repeated server/tool names" under the JSON box.',
  validation_error: 'Fix the fields listed below and run the analysis again.',
  payload_too_large: 'The input is over 5 MB: split it into smaller lists.',
  missing_api_key: 'Enter the API key, or choose the automatic embedding model.',
};

/** Field issues ([{path, message}]) and unreachable sources ({errors: [{source, message}]}) as lines of text. */
function detailLines(details: unknown): DetailLine[] {
  const rows: unknown[] = Array.isArray(details)
    ? details
    : typeof details === 'object' && details !== null && Array.isArray((details as { errors?: unknown }).errors)
      ? (details as { errors: unknown[] }).errors
      : [];
  return rows.slice(0, 8).flatMap((r, i) => {
    if (typeof r !== 'object' || r === null) return [];
    const { path, source, message } = r as { path?: unknown; source?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    const where = typeof path === 'string' ? path : typeof source === 'string' ? source : '';
    return [{ key: `${i}`, text: where ? `${where}: ${message}` : message }];
  });
}

function nextStep(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Check your connection to the harness and try again.';
  if (NEXT_STEP[err.code]) return NEXT_STEP[err.code]!;
  if (err.status === 502 || err.status === 503 || err.status === 504) return 'A server or model could not be reached: check it is running, or use another input.';
  if (err.status >= 500) return 'The harness failed on this input; try again, or try the description_overlap method.';
  return 'Change the input or options and run the analysis again.';
}

export function AnalysisError({ error, title = 'The analysis failed.' }: { error: unknown; title?: string }) {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  const lines = error instanceof ApiError ? detailLines(error.details) : [];
  return (
    <div className="sim-error" role="alert">
      <p className="sim-error-title">
        <strong>{title}</strong> {error instanceof ApiError ? <span className="sim-small">(HTTP {error.status})</span> : null}
      </p>
      <p>{message}</p>
      {lines.length ? (
        <ul className="sim-error-list">
          {lines.map((l) => (
            <li key={l.key}>{l.text}</li>
          ))}
        </ul>
      ) : null}
      <p className="sim-error-next">
        <strong>What to do:</strong> {nextStep(error)}
      </p>
    </div>
  );
}
