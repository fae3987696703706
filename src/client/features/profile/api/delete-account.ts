import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AUTH_QUERY_KEY, SESSION_QUERY_KEY } from '../../../components/auth/get-session';
import { apiRequest } from '../../../lib/api-client';

/** Deletes the account and its data for good; orders stay, anonymised, for the accounts (204). */
export function deleteAccount(): Promise<void> {
  return apiRequest<void>('/api/profile', { method: 'DELETE' });
}

/**
 * Deletes the account, then leaves like a sign-out does: home first (so this page does not send the
 * visitor to /auth on the way), then the session and everything cached for this user are dropped.
 */
export function useDeleteAccount({ onLeft }: { onLeft?: () => void } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('profile');
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await navigate('/');
      onLeft?.();
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      const predicate = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== AUTH_QUERY_KEY[0];
      queryClient.removeQueries({ type: 'inactive', predicate });
      void queryClient.resetQueries({ type: 'active', predicate });
      toast.success(t('data.delete.done'), { id: 'account-deleted' });
    },
    onError: () => {
      toast.error(t('data.delete.failed'), { id: 'account-delete-failed' });
    },
  });
}
