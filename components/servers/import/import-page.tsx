'use client';

import Link from 'next/link';
import { ExportLinks } from '../export-links';
import { useImportServers } from '../mutations';
import { ImportForm } from './import-form';
import { ServerImportReportView } from './import-report';

export function ImportPage() {
  const importing = useImportServers();
  return (
    <>
      <nav aria-label="Breadcrumb" className="srv-breadcrumb">
        <Link href="/servers">Servers</Link>
      </nav>
      <h1>Import servers</h1>
      <p className="muted">
        Bring the servers of an MCP client config over in one go. Every new server is checked right away; secrets written as placeholders
        are left for you to set.
      </p>
      <ImportForm pending={importing.isPending} error={importing.error?.message ?? null} onSubmit={(doc) => importing.mutate(doc)} />
      <ServerImportReportView report={importing.data} />
      <section className="panel" aria-labelledby="srv-export-title">
        <h2 id="srv-export-title">Export</h2>
        <p className="muted">The whole registry as a client config. Secrets are written as placeholders ({'${NAME}'} or VS Code inputs).</p>
        <ExportLinks />
      </section>
    </>
  );
}
