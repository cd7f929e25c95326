import type { Metadata } from 'next';
import { ServerFormPage } from '@/components/servers/form/server-form-page';

export const metadata: Metadata = { title: 'Edit server · MCP Eval Harness' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ServerFormPage id={id} />;
}
