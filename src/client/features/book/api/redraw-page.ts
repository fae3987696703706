import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookPreview } from '../../../../shared/contracts/book-preview';
import { apiRequest } from '../../../lib/api-client';
import { bookQueryKey } from './get-book';

/** "Draw this page again": the new picture is drawn as a candidate; the book then polls for it. */
export function redrawPage(bookInstanceId: string, position: number): Promise<BookPreview> {
  return apiRequest<BookPreview>(
    `/api/books/${encodeURIComponent(bookInstanceId)}/pages/${position}/redraw`,
    { method: 'POST', json: {} },
  );
}

export function useRedrawPage(bookInstanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (position: number) => redrawPage(bookInstanceId, position),
    onSuccess: (book) => queryClient.setQueryData(bookQueryKey(bookInstanceId), book),
  });
}
