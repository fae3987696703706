import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/contracts/profile';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from './query-keys';

/** The signed-in user as the header shows them. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('/api/profile', { signal });
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
