import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ThemeList } from '../../../../shared/contracts/catalog';
import type { BookType } from '../../../../shared/domain/statuses';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';

/** The themes that offer a book type. */
export function getThemes(type: BookType, signal?: AbortSignal): Promise<ThemeList> {
  return apiRequest<ThemeList>(`/api/catalog/themes?type=${encodeURIComponent(type)}`, { signal });
}

export const getThemesQueryOptions = (type: BookType) =>
  queryOptions({
    queryKey: ['catalog', 'themes', type],
    queryFn: ({ signal }) => getThemes(type, signal),
    retry: retryUnlessClientError,
  });

export function useThemes(type: BookType) {
  return useQuery(getThemesQueryOptions(type));
}
