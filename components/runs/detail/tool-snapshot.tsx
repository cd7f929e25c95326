import type { RunDetail } from '@/components/data/queries';
import { JsonView } from '@/components/ui/json-view';
import { Panel } from '@/components/ui/panel';

type Tool = RunDetail['tools'][number];

function isSame(tool: Tool, server: string | null | undefined, name: string | null | undefined): boolean {
  return Boolean(name) && tool.name === name && (!server || tool.server === server);
}

/**
 * Exactly the tools the model was shown in this run. Descriptions come from MCP servers and are
 * untrusted: rendered as text, never as HTML or Markdown.
 */
export function ToolSnapshot({ run }: { run: RunDetail }) {
  const expected = run.evaluation;
  // The expected and the selected tool first; the rest in snapshot order.
  const marked = run.tools
    .map((t) => ({ t, isExpected: expected ? isSame(t, expected.expectedServer, expected.expectedTool) : false, isSelected: isSame(t, run.selectedServer, run.selectedTool) }))
    .sort((a, b) => Number(b.isExpected || b.isSelected) - Number(a.isExpected || a.isSelected));
  return (
    <Panel title={`Tool snapshot (${run.tools.length})`} testId="tool-snapshot">
      <p className="muted runs-note">The tools exactly as the model saw them in this run.</p>
      {run.tools.length === 0 ? (
        <p className="muted">No tools were stored for this run (it failed before the tools were listed).</p>
      ) : (
        <ul className="runs-tools">
          {marked.map(({ t, isExpected, isSelected }) => (
            <li key={`${t.server}/${t.name}`} className={isExpected || isSelected ? 'runs-tool-marked' : undefined} data-testid="snapshot-tool">
              <div className="runs-tool-head">
                <code className="runs-tool-name">
                  {t.server}/{t.name}
                </code>
                <span className="muted runs-small">
                  exposed as <code>{t.exposedName}</code>
                </span>
                {isExpected ? <span className="runs-tag runs-tag-ok">expected</span> : null}
                {isSelected ? <span className={`runs-tag ${isExpected ? 'runs-tag-ok' : 'runs-tag-bad'}`}>selected</span> : null}
              </div>
              <p className="runs-prose runs-tool-desc">{t.description || <span className="muted">(no description)</span>}</p>
              <details className="runs-details">
                <summary>Input schema</summary>
                <JsonView value={t.inputSchema} label={`Input schema of ${t.name}`} />
              </details>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
