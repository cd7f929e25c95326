import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import '@/components/settings/settings.css';

export const metadata: Metadata = { title: 'Settings · MCP Eval Harness' };

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return <div className="set-root">{children}</div>;
}
