import type { Tool } from '@/components/data/types';
import { ToolQuality } from '@/components/quality/tool-quality';
import { JsonView } from '@/components/ui/json-view';
import type { ToolReport } from '@/lib/quality/lint';

const HINTS: [keyof NonNullable<Tool['annotations']>, string][] = [
  ['readOnlyHint', 'read-only'],
  ['destructiveHint', 'destructive'],
  ['idempotentHint', 'idempotent'],
  ['openWorldHint', 'open world'],
];

/**
 * One live tool. Names, titles, descriptions and schemas come from the server and are
 * untrusted: they are rendered as React text nodes only, never as HTML.
 */
export function ToolCard({ tool, onTry, quality }: { tool: Tool; onTry: () => void; quality?: ToolReport }) {
  const hints = HINTS.filter(([k]) => tool.annotations?.[k] === true).map(([, label]) => label);
  const params = Object.keys((tool.inputSchema.properties as Record<string, unknown> | undefined) ?? {});
  return (
    <li className="srv-tool" data-testid={`tool-${tool.name}`}>
      <div className="srv-tool-head">
        <h3 className="srv-tool-name">
          <code>{tool.name}</code>
        </h3>
        <button type="button" className="btn btn-small" onClick={onTry} aria-label={`Try ${tool.name} in the playground`}>
          Try it
        </button>
      </div>
      {tool.title && tool.title !== tool.name ? <p className="srv-tool-title">{tool.title}</p> : null}
      {tool.description ? <p className="srv-tool-desc">{tool.description}</p> : <p className="muted srv-small">No description.</p>}
      <p className="muted srv-small">
        {params.length ? `Parameters: ${params.join(', ')}` : 'No parameters'}
        {hints.length ? ` · ${hints.join(', ')}` : ''}
      </p>
      {quality ? <ToolQuality toolName={tool.name} score={quality.score} findings={quality.findings} /> : null}
      <details>
        <summary>Input schema</summary>
        <JsonView value={tool.inputSchema} label={`Input schema of ${tool.name}`} />
      </details>
    </li>
  );
}
