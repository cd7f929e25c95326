import type { Metadata } from 'next';
import { ServerFormPage } from '@/components/servers/form/server-form-page';

export const metadata: Metadata = { title: 'Register a server · MCP Eval Harness' };

export default function Page() {
  return <ServerFormPage />;
}
