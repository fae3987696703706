import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookPreview, BookTextsUpdate } from '../../../../shared/contracts/book-preview';
import { apiRequest } from '../../../lib/api-client';
import { bookQueryKey } from './get-book';

/** New names, dedication or signature: the server sets the text again as a new version. */
export function updateBookTexts(bookInstanceId: string, change: BookTextsUpdate): Promise<BookPreview> {
  return apiRequest<BookPreview>(`/api/books/${encodeURIComponent(bookInstanceId)}`, {
    method: 'PATCH',
    json: change,
  });
}

export function useUpdateBookTexts(bookInstanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BookTextsUpdate) => updateBookTexts(bookInstanceId, change),
    onSuccess: (book) => queryClient.setQueryData(bookQueryKey(bookInstanceId), book),
  });
}
