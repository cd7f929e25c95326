'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const LINKS = [
  { href: '/', label: 'Overview' },
  { href: '/servers', label: 'Servers' },
  { href: '/test-cases', label: 'Test cases' },
  { href: '/runs', label: 'Runs' },
  { href: '/metrics', label: 'Metrics' },
  { href: '/similarity', label: 'Similarity' },
  { href: '/experiments', label: 'Experiments' },
  { href: '/settings', label: 'Settings' },
  { href: '/api-docs', label: 'API' },
];

export function Nav() {
  const path = usePathname();
  return (
    <nav aria-label="Main" className="mainnav">
      {LINKS.map((l) => {
        const current = l.href === '/' ? path === '/' : path.startsWith(l.href);
        return (
          <Link key={l.href} href={l.href} aria-current={current ? 'page' : undefined}>
            {l.label}
          </Link>
        );
      })}
    </nav>
  );
}
