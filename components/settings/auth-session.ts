'use client';

import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/components/data/fetcher';

export type AuthSession = { authEnabled: boolean; via: string | null };

export const authSessionQuery = () => queryOptions({ queryKey: ['auth-session'], queryFn: () => apiFetch<AuthSession>('/api/auth/session') });

/** Ends the session, then leaves for the login page (a full load: nothing of the old page stays). */
export async function logOut(): Promise<void> {
  await apiFetch('/api/auth/logout', { method: 'POST' });
  window.location.assign('/login');
}
