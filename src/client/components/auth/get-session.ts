import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '../../../shared/i18n';
import { apiRequest } from '../../lib/api-client';

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
  language: Language | string | null;
};

export type AuthSession = {
  session: { id: string; expiresAt: string };
  user: SessionUser;
};

/** Every account query sits under this key; sign-out keeps them and drops the rest. */
export const AUTH_QUERY_KEY = ['auth'] as const;
export const SESSION_QUERY_KEY = [...AUTH_QUERY_KEY, 'session'] as const;

/** The signed-in session from the cookie, or null for a visitor. */
export function getSession(): Promise<AuthSession | null> {
  return apiRequest<AuthSession | null>('/api/auth/get-session');
}

export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: getSession,
    staleTime: 30_000,
    // A sign-out or an expired session in another tab shows up when the visitor comes back here.
    refetchOnWindowFocus: true,
  });
}

export type UseSessionResult = {
  user: SessionUser | null;
  /** True until the first read of the session has finished (docs/spec.md section 4). */
  isLoading: boolean;
  isSignedIn: boolean;
};

/**
 * Who is signed in. A failed read (server down, API not there) counts as signed out: the shop stays
 * usable and the next read (focus, sign-in) tries again.
 */
export function useSession(): UseSessionResult {
  const { data, isPending, isError } = useQuery(getSessionQueryOptions());
  const user = data?.user ?? null;
  return { user, isLoading: isPending && !isError, isSignedIn: user !== null };
}

/** After a sign-in, sign-up or password change: read the session again, and wait for the answer. */
export function refreshSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY, refetchType: 'all' });
}
