import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Theme } from '../../../../shared/contracts/catalog';
import type { BookType } from '../../../../shared/domain/statuses';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';

/** One theme; an unknown id is an ApiError with status 404. */
export function getTheme(themeId: string, type: BookType, signal?: AbortSignal): Promise<Theme> {
  return apiRequest<Theme>(
    `/api/catalog/themes/${encodeURIComponent(themeId)}?type=${encodeURIComponent(type)}`,
    { signal },
  );
}

export const getThemeQueryOptions = (themeId: string, type: BookType) =>
  queryOptions({
    queryKey: ['catalog', 'theme', themeId, type],
    queryFn: ({ signal }) => getTheme(themeId, type, signal),
    retry: retryUnlessClientError,
  });

export function useTheme(themeId: string, type: BookType) {
  return useQuery(getThemeQueryOptions(themeId, type));
}
