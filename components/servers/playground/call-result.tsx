import { ApiError } from '@/components/data/fetcher';
import type { ToolExecutionDto } from '@/components/data/types';
import { Badge } from '@/components/ui/badge';
import { JsonView } from '@/components/ui/json-view';
import { ContentBlocks } from './content-blocks';
import { isObject } from './schema-plan';

/** The outcome of the last call: content, structuredContent and isError, or why it failed. */
export function CallResult({ execution }: { execution: ToolExecutionDto }) {
  const result = isObject(execution.result) ? execution.result : {};
  const isError = result.isError === true;
  return (
    <section className="srv-result" aria-labelledby="srv-result-title" data-testid="call-result">
      <h3 id="srv-result-title" className="srv-result-head">
        Result <Badge value={execution.status} /> <span className="muted srv-small">{execution.durationMs} ms</span>
      </h3>
      {isError ? <p className="field-error">The tool reported an error (isError: true).</p> : null}
      {execution.status === 'failed' && execution.errorMessage ? <p className="field-error">{execution.errorMessage}</p> : null}
      <ContentBlocks content={result.content} />
      {'structuredContent' in result ? (
        <>
          <h4>structuredContent</h4>
          <JsonView value={result.structuredContent} label="structuredContent" />
        </>
      ) : null}
      <details>
        <summary>Raw result</summary>
        <JsonView value={execution.result} label="Raw result" />
      </details>
    </section>
  );
}

/** A call that did not produce a result: unreachable server, timeout, unknown tool… */
export function CallFailure({ error }: { error: Error }) {
  const execution = error instanceof ApiError ? (error.details as { execution?: ToolExecutionDto } | undefined)?.execution : undefined;
  return (
    <div className="state state-error" role="alert" data-testid="call-error">
      <strong>The call failed.</strong> {error.message}
      {execution ? <span>It was sent and is kept in the history.</span> : null}
    </div>
  );
}
