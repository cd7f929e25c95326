import type { Metadata } from 'next';
import Link from 'next/link';
import { authPolicy, safeNextPath } from '@/lib/security/auth/authenticate';
import { LoginForm } from './login-form';
import './login.css';

export const metadata: Metadata = { title: 'Sign in · MCP Eval Harness' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<{ next?: string | string[] }> };

export default async function LoginPage({ searchParams }: Props) {
  const raw = (await searchParams).next;
  const next = safeNextPath(Array.isArray(raw) ? raw[0] : raw);
  const enabled = authPolicy().mode === 'on';
  return (
    <section className="login-card" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      {enabled ? (
        <>
          <p className="muted">This instance is protected. Enter the administrator password (ADMIN_PASSWORD) or token to continue.</p>
          <LoginForm next={next} />
        </>
      ) : (
        <p>
          Authentication is off on this instance (it listens on loopback only, or runs with AUTH=none), so there is nothing to sign in to.{' '}
          <Link href={next}>Continue</Link>
        </p>
      )}
    </section>
  );
}
