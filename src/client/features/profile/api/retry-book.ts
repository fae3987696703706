import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RetryBookResultSchema } from '../../../../shared/contracts/profile';
import { apiRequest } from '../../../lib/api-client';
import { type BookPages, bookInstancesQueryKey, withFresherBooks } from './get-book-instances';
import { getBooksById } from './get-books-by-id';

export type RetryBookResult = z.infer<typeof RetryBookResultSchema>;

/** Starts the generation of an archived (failed) book again. */
export async function retryBook(bookId: string): Promise<RetryBookResult> {
  const result = await apiRequest<RetryBookResult>(
    `/api/book-instances/${encodeURIComponent(bookId)}/retry`,
    { method: 'POST' },
  );
  // The server may answer 200 and still say no: treat it as the failure it is.
  if (!result?.success) throw new Error(result?.message || 'retry refused');
  return result;
}

/** Retry, then read that book again whatever the answer, so its card shows where it stands. */
export function useRetryBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryBook,
    onSettled: async (_result, _error, bookId) => {
      const books = await getBooksById([bookId]).catch(() => []);
      queryClient.setQueryData<BookPages>(bookInstancesQueryKey, (pages) => withFresherBooks(pages, books));
    },
  });
}
