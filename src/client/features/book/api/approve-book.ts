import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApproveBook, BookPreview } from '../../../../shared/contracts/book-preview';
import { UNPAID_BOOKS_COUNT_QUERY_KEY } from '../../../components/layout/get-unpaid-books-count';
import { apiRequest } from '../../../lib/api-client';
import { bookQueryKey } from './get-book';

/** "This is my book": approves the version the parent has read (refused if it is not the current one). */
export function approveBook(bookInstanceId: string, approval: ApproveBook): Promise<BookPreview> {
  return apiRequest<BookPreview>(`/api/books/${encodeURIComponent(bookInstanceId)}/approve`, {
    method: 'POST',
    json: approval,
  });
}

export function useApproveBook(bookInstanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (approval: ApproveBook) => approveBook(bookInstanceId, approval),
    onSuccess: (book) => {
      queryClient.setQueryData(bookQueryKey(bookInstanceId), book);
      // The top bar's cart counts approved unpaid books.
      void queryClient.invalidateQueries({ queryKey: UNPAID_BOOKS_COUNT_QUERY_KEY });
    },
  });
}
