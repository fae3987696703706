import { useQuery } from '@tanstack/react-query';
import type { ThemeReviewList } from '../../../../shared/contracts/catalog';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';

/** What parents said about a theme: approved reviews of delivered orders (issue 20). */
export function useThemeReviews(themeId: string) {
  return useQuery({
    queryKey: ['catalog', 'theme-reviews', themeId],
    queryFn: ({ signal }) =>
      apiRequest<ThemeReviewList>(`/api/catalog/themes/${encodeURIComponent(themeId)}/reviews`, { signal }),
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });
}
