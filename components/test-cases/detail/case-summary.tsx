import type { TestCaseDto } from '@/components/data/types';
import { Badge } from '@/components/ui/badge';
import { describeExpectedParameters } from '../list/summarize-expected';

/** What the case asks and expects, read-only (the Edit page changes it). */
export function CaseSummary({ tc }: { tc: TestCaseDto }) {
  const args = describeExpectedParameters(tc.expectedParameters);
  return (
    <section className="panel tcd-summary" aria-labelledby="tcd-case-title">
      <h2 id="tcd-case-title">The case</h2>
      <p className="tcd-query">{tc.query}</p>
      <dl className="tcd-dl">
        <div>
          <dt>Expected</dt>
          <dd>
            {tc.expectedTool === null ? (
              <Badge value="no tool (negative)" tone="idle" />
            ) : (
              <>
                <code>{tc.expectedTool}</code> on {tc.expectedServer}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Expected arguments</dt>
          <dd>
            {tc.expectedTool === null ? (
              <span className="muted">n/a</span>
            ) : args.length === 0 ? (
              <span className="muted">not checked</span>
            ) : (
              <ul className="tc-params">
                {args.map((a) => (
                  <li key={a}>
                    <code>{a}</code>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>Servers shown to the model</dt>
          <dd>{tc.servers.map((s) => s.name).join(', ') || <span className="muted">none</span>}</dd>
        </div>
        <div>
          <dt>Argument matching</dt>
          <dd>{tc.argumentMatching}</dd>
        </div>
      </dl>
    </section>
  );
}
