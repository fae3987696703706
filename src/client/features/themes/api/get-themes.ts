import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ThemeList } from '../../../../shared/contracts/catalog';
import type { BookType } from '../../../../shared/domain/statuses';
import { fetchJson, retryUnlessClientError } from './fetch-json';

/** The themes that offer a book type. */
export function getThemes(type: BookType, signal?: AbortSignal): Promise<ThemeList> {
  return fetchJson<ThemeList>(`/api/catalog/themes?type=${encodeURIComponent(type)}`, signal);
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
