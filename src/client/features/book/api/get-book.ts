import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookPreview } from '../../../../shared/contracts/book-preview';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';

/** docs/spec.md's progress is read again every 2.5 s while pages are being drawn. */
export const BOOK_POLL_MS = 2_500;

export const bookQueryKey = (bookInstanceId: string) => ['book', bookInstanceId] as const;

/** "Your book": progress, the pages of the current version, the redraws. */
export function getBook(bookInstanceId: string, signal?: AbortSignal): Promise<BookPreview> {
  return apiRequest<BookPreview>(`/api/books/${encodeURIComponent(bookInstanceId)}`, { signal });
}

/** A gift copy of the order as it will print (issue 18): its own dedication and language, read only. */
export function useGiftCopy(bookInstanceId: string, copy: number, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...bookQueryKey(bookInstanceId), 'copy', copy],
    queryFn: ({ signal }) =>
      apiRequest<BookPreview>(`/api/books/${encodeURIComponent(bookInstanceId)}?copy=${copy}`, { signal }),
    retry: retryUnlessClientError,
    enabled,
  });
}

/** True while something on the server is still drawing: the book itself or a page drawn again. */
export function isDrawing(book: BookPreview | undefined): boolean {
  if (!book) return false;
  if (book.status === 'draft' || book.status === 'rendering') return true;
  return book.candidates.some((candidate) => candidate.status === 'drawing');
}

export const getBookQueryOptions = (bookInstanceId: string) =>
  queryOptions({
    queryKey: bookQueryKey(bookInstanceId),
    queryFn: ({ signal }) => getBook(bookInstanceId, signal),
    retry: retryUnlessClientError,
  });

export function useBook(bookInstanceId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...getBookQueryOptions(bookInstanceId),
    enabled,
    // Polls only while drawing; a ready book is read again when the parent changes it.
    refetchInterval: (query) => (isDrawing(query.state.data) ? BOOK_POLL_MS : false),
  });
}
