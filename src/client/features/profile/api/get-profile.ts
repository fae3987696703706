import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/contracts/profile';
import { PROFILE_QUERY_KEY, profileRequest, retryUnlessClientError } from './profile-request';

/** The signed-in user as the header shows them. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return profileRequest<Profile>('/api/profile', { signal });
}

export const getProfileQueryOptions = () =>
  queryOptions({
    queryKey: [...PROFILE_QUERY_KEY, 'me'],
    queryFn: ({ signal }) => getProfile(signal),
    retry: retryUnlessClientError,
  });

export function useProfile({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getProfileQueryOptions(), enabled });
}
