import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { TryRewriteButton } from '@/components/experiments/try-rewrite-button';
import { prefillFromSimilarity } from '@/components/experiments/try-rewrite';
import type { Revision } from '../types';
import { ToolName } from './tool-name';
import { DescriptionDiff } from './description-diff';
import type { ToolGroup } from './recommendations';

const PRIORITY_TONE = { high: 'bad', medium: 'idle', low: 'info' } as const;

/** One tool: what is wrong (issues), the revised description, and the JSON Patch that applies it. */
export function ToolRecommendations({ group, open, revisions = [] }: { group: ToolGroup; open: boolean; revisions?: Revision[] }) {
  const { tool, issues, revision } = group;
  const patch = JSON.stringify(revision?.applyCommands ?? issues.flatMap((i) => i.applyCommands.filter((op) => op.path !== '/name')), null, 2);
  // Renames are left out of the revision's patch (a new name breaks callers): offered on their own.
  const renames = issues.flatMap((i) => i.applyCommands.filter((op) => op.path === '/name'));
  const renamePatch = renames.length ? JSON.stringify(renames, null, 2) : null;
  return (
    <details className="sim-rec" open={open} data-testid="sim-rec">
      <summary>
        <ToolName id={tool} />
        <Badge value={group.top} tone={PRIORITY_TONE[group.top]} />
        <span className="muted sim-small">
          {issues.length} {issues.length === 1 ? 'issue' : 'issues'}
        </span>
      </summary>
      <div className="sim-rec-body">
        <ul className="sim-rec-issues">
          {issues.map((issue) => (
            <li key={`${issue.type}-${issue.recommendation}`} className="sim-rec-issue">
              <p className="sim-rec-issue-head">
                <Badge value={issue.type} tone="info" />
                <Badge value={issue.priority} tone={PRIORITY_TONE[issue.priority]} />
              </p>
              {issue.recommendation ? <p className="sim-rec-text">{issue.recommendation}</p> : null}
              <p className="muted sim-small">
                <strong>Why:</strong> {issue.rationale}
              </p>
              {issue.relatedTools.length ? (
                <p className="muted sim-small">
                  Confused with: {issue.relatedTools.map((t, i) => <span key={t}>{i ? ', ' : ''}<ToolName id={t} /></span>)}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        {revision ? (
          <>
            <h4 className="sim-rec-sub">
              Revised description <span className="muted sim-small">({revision.source === 'llm' ? 'written by the LLM' : 'rule-based'})</span>
            </h4>
            {revision.error ? <p className="sim-small field-error">The LLM revision failed ({revision.error}); the rule-based text is shown.</p> : null}
            <DescriptionDiff before={revision.before} after={revision.after} />
          </>
        ) : null}
        <p className="sim-apply-head">
          <TryRewriteButton
            label={`Try this rewrite of ${tool}`}
            prefill={() => prefillFromSimilarity(tool, issues.flatMap((i) => i.relatedTools), revisions)}
          />
          <span className="muted sim-small">Runs the rewrite against the unchanged tools in an experiment, on the cases that expect either tool.</span>
        </p>
        <div className="sim-apply">
          <div className="sim-apply-head">
            <h4 className="sim-rec-sub">Apply commands (RFC 6902 JSON Patch on {'{name, description, inputSchema}'})</h4>
            <CopyButton text={patch} label="Copy JSON Patch" />
          </div>
          <pre className="json sim-patch" aria-label={`JSON Patch for ${tool}`}>
            {patch}
          </pre>
        </div>
        {renamePatch ? (
          <div className="sim-apply">
            <div className="sim-apply-head">
              <h4 className="sim-rec-sub">Suggested rename (changes how clients call the tool)</h4>
              <CopyButton text={renamePatch} label="Copy rename patch" />
            </div>
            <pre className="json sim-patch" aria-label={`Rename patch for ${tool}`}>
              {renamePatch}
            </pre>
          </div>
        ) : null}
      </div>
    </details>
  );
}
