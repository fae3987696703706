import { useQuery } from '@tanstack/react-query';
import type { ThemeReviewList } from '../../../../shared/contracts/catalog';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';

/** The reviews' query key (the server's render fills it in, src/client/entry-server.tsx). */
export const THEME_REVIEWS_QUERY_KEY = (themeId: string) => ['catalog', 'theme-reviews', themeId] as const;

/** What parents said about a theme: approved reviews of delivered orders (issue 20). */
export function useThemeReviews(themeId: string) {
  return useQuery({
    queryKey: THEME_REVIEWS_QUERY_KEY(themeId),
    queryFn: ({ signal }) =>
      apiRequest<ThemeReviewList>(`/api/catalog/themes/${encodeURIComponent(themeId)}/reviews`, { signal }),
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });
}
