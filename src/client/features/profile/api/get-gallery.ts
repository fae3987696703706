import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Gallery } from '../../../../shared/contracts/profile';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from './query-keys';

/** The pictures of a fulfilled book (409 while it is not fulfilled). */
export function getGallery(bookId: string, signal?: AbortSignal): Promise<Gallery> {
  return apiRequest<Gallery>(`/api/profile/books/${encodeURIComponent(bookId)}/gallery`, { signal });
}

export const getGalleryQueryOptions = (bookId: string) =>
  queryOptions({
    queryKey: [...PROFILE_QUERY_KEY, 'gallery', bookId],
    queryFn: ({ signal }) => getGallery(bookId, signal),
    retry: retryUnlessClientError,
    // The pictures of a finished book do not change.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useGallery(bookId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getGalleryQueryOptions(bookId), enabled });
}
