'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';

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

/**
 * The main links prefetch their page when pointed at or focused, not as the page loads: Next prefetches every link
 * in view at hydration, and these nine requests reached the server (one thread on SQLite) together with the page's own
 * data requests. On the first visit after a start, /runs drew its heading at ~650 ms and its rows at ~1.1-1.5 s at
 * 1M runs, behind the other routes' first renders; without them, ~330 ms and ~0.75-1.05 s.
 */
export function Nav() {
  const path = usePathname();
  const router = useRouter();
  return (
    <nav aria-label="Main" className="mainnav">
      {LINKS.map((l) => {
        const current = l.href === '/' ? path === '/' : path.startsWith(l.href);
        const prefetch = () => router.prefetch(l.href);
        return (
          <Link key={l.href} href={l.href} prefetch={false} onMouseEnter={prefetch} onFocus={prefetch} onTouchStart={prefetch} aria-current={current ? 'page' : undefined}>
            {l.label}
          </Link>
        );
      })}
    </nav>
  );
}
