import type { RunDetail } from '@/components/data/queries';
import { JsonView } from '@/components/ui/json-view';
import { Panel } from '@/components/ui/panel';

/** The provider's response body as received, collapsed: it can be long. */
export function RawResponse({ run }: { run: RunDetail }) {
  return (
    <Panel title="Raw LLM response">
      {run.llmResponseRaw === null || run.llmResponseRaw === undefined ? (
        <p className="muted">No response was recorded{run.status === 'failed' ? ': the call failed.' : '.'}</p>
      ) : (
        <details className="runs-details">
          <summary>Show the raw response (JSON)</summary>
          <JsonView value={run.llmResponseRaw} label="Raw response JSON" />
        </details>
      )}
    </Panel>
  );
}
