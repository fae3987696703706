import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisplayNameUpdate, Profile } from '../../../../shared/contracts/profile';
import { SESSION_QUERY_KEY } from '../../../components/auth/get-session';
import { apiRequest } from '../../../lib/api-client';
import { getProfileQueryOptions } from './get-profile';

/** Changes the signed-in user's display name (PATCH /api/profile); answers the profile as saved. */
export function updateDisplayName(update: DisplayNameUpdate): Promise<Profile> {
  return apiRequest<Profile>('/api/profile', { method: 'PATCH', json: update });
}

/** The name form's mutation: the profile takes the saved name at once, the session (top bar) on its next read. */
export function useUpdateDisplayName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDisplayName,
    onSuccess: (profile) => {
      queryClient.setQueryData(getProfileQueryOptions().queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
