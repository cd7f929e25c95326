import Link from 'next/link';
import { FirstRunGuide } from '@/components/overview/first-run-guide';
import { HealthPanel } from '@/components/overview/health-panel';
import { LatestBatch } from '@/components/overview/latest-batch';
import styles from '@/components/overview/overview.module.css';
import { RecentBatches } from '@/components/overview/recent-batches';
import { RefreshOnBatchChange } from '@/components/overview/refresh-on-batch-change';
import { ServerTable, type ServerRow } from '@/components/overview/server-table';
import { Badge } from '@/components/ui/badge';
import { Panel } from '@/components/ui/panel';
import { listAllServers } from '@/db/queries/servers';
import { countTestCases } from '@/db/queries/test-cases';
import { getHealth } from '@/lib/health/health';

// Reads the database on every request; never prerendered at build time.
export const dynamic = 'force-dynamic';

/** Health and counts come straight from the database here; batches and metrics load in the browser and stay live. */
export default async function HomePage() {
  const health = await getHealth();
  const servers: ServerRow[] = (health.database.ok ? await listAllServers() : []).map((s) => ({
    id: s.id,
    name: s.name,
    transport: s.transport,
    endpoint: s.transport === 'stdio' ? [s.command, ...(s.args ?? [])].join(' ') : (s.url ?? ''),
    status: s.status,
    statusDetail: s.statusDetail,
  }));
  const testCases = health.database.ok ? await countTestCases() : 0;
  const stats = [
    { label: 'MCP servers', value: servers.length, testId: 'server-count' },
    { label: 'active servers', value: health.servers.active, testId: 'active-server-count' },
    { label: 'test cases', value: testCases, testId: 'test-case-count' },
    { label: 'runs in the last hour', value: health.runs.lastHour, testId: 'runs-last-hour' },
  ];
  return (
    <>
      <div className={styles.hero}>
        <h1>MCP Eval Harness</h1>
        <span data-testid="health-status">
          <Badge value={health.status} />
        </span>
      </div>
      <p className={`muted ${styles.lead}`}>
        Measure whether LLMs pick the right MCP tool with the right arguments, and why not: register servers, write test cases (a query
        and the tool that should answer it), run batches and compare. Everything here is also in the <Link href="/api-docs">REST API</Link>.
      </p>
      <RefreshOnBatchChange />
      <dl className={styles.stats} aria-label="Summary">
        {stats.map((s) => (
          <div key={s.testId} className={styles.stat}>
            <dt>{s.label}</dt>
            <dd data-testid={s.testId}>{s.value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.columns}>
        <Panel title="Latest batch" headingClassName={styles.panelTitle}>
          <LatestBatch />
        </Panel>
        <Panel title="Getting started" headingClassName={styles.panelTitle}>
          <FirstRunGuide serverNames={servers.map((s) => s.name)} testCaseCount={testCases} />
        </Panel>
      </div>
      <Panel title="Recent batches" headingClassName={styles.panelTitle}>
        <RecentBatches />
      </Panel>
      <div className={styles.columns}>
        <Panel title="Health" headingClassName={styles.panelTitle}>
          <HealthPanel health={health} />
        </Panel>
        <Panel title="Servers" headingClassName={styles.panelTitle}>
          <ServerTable servers={servers} />
        </Panel>
      </div>
    </>
  );
}
