import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Nav } from '@/components/nav';
import { Providers } from '@/components/providers';
import './globals.css';

export const metadata: Metadata = {
  title: 'MCP Eval Harness',
  description: 'Find out whether LLMs pick the right MCP tool with the right arguments, and why not.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <header className="topbar">
          {/* Not prefetched as every page loads (see Nav): the overview's first render held a page's own requests. */}
          <Link href="/" className="brand" prefetch={false}>
            MCP Eval Harness
          </Link>
          <Nav />
        </header>
        <Providers>
          <main id="main" className="page">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
