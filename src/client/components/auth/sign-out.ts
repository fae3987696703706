import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { apiRequest } from '../../lib/api-client';
import { AUTH_QUERY_KEY, SESSION_QUERY_KEY } from './get-session';

/** Ends the session on the server (the cookie goes with it). */
export function signOut(): Promise<unknown> {
  return apiRequest('/api/auth/sign-out', { json: {} });
}

/**
 * Signs out, goes home and forgets what the cache held for this user; on failure a toast says so
 * and the user stays signed in where they are.
 */
export function useSignOut({ onSignedOut }: { onSignedOut?: () => void } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('navigation');
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Leave first, so a page that needs sign-in does not send the user to /auth on the way out.
      await navigate('/');
      onSignedOut?.();
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      // The next person at this browser must not see this user's books or orders, even for a moment.
      const predicate = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== AUTH_QUERY_KEY[0];
      queryClient.removeQueries({ type: 'inactive', predicate });
      void queryClient.resetQueries({ type: 'active', predicate });
    },
    onError: () => {
      toast.error(t('account.signOutFailed'));
    },
  });
}
