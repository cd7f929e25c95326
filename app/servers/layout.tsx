import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import '@/components/servers/servers.css';

export const metadata: Metadata = { title: 'Servers · MCP Eval Harness' };

export default function ServersLayout({ children }: { children: ReactNode }) {
  return <div className="srv-root">{children}</div>;
}
