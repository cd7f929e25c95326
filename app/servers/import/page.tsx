import type { Metadata } from 'next';
import { ImportPage } from '@/components/servers/import/import-page';

export const metadata: Metadata = { title: 'Import servers · MCP Eval Harness' };

export default function Page() {
  return <ImportPage />;
}
