import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'MCP Eval Harness',
  description: 'Find out whether LLMs pick the right MCP tool with the right arguments, and why not.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="topbar">
          <a href="/" className="brand">MCP Eval Harness</a>
          <nav aria-label="Main">
            <a href="/api-docs">API</a>
            <a href="/api/health">Health</a>
          </nav>
        </header>
        <main className="page">{children}</main>
      </body>
    </html>
  );
}
