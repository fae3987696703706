import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { AUTH_QUERY_KEY } from '../../get-session';

export const SOCIAL_PROVIDERS = ['google', 'microsoft'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The outside sign-in providers configured on the server; a button shows only for these. */
export async function getProviders(): Promise<SocialProvider[]> {
  const answer = await apiRequest<{ providers?: unknown }>('/api/auth/providers');
  const listed = Array.isArray(answer?.providers) ? answer.providers : [];
  return SOCIAL_PROVIDERS.filter((provider) => listed.includes(provider));
}

export function getProvidersQueryOptions() {
  return queryOptions({
    queryKey: [...AUTH_QUERY_KEY, 'providers'],
    queryFn: getProviders,
    // Server configuration: it does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useProviders() {
  return useQuery(getProvidersQueryOptions());
}
