import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookPreview, ChooseRedraw } from '../../../../shared/contracts/book-preview';
import { apiRequest } from '../../../lib/api-client';
import { bookQueryKey } from './get-book';

/** Keeps the old or the new picture of a redrawn page (the new one makes a new version). */
export function chooseRedraw(
  bookInstanceId: string,
  position: number,
  picture: ChooseRedraw['picture'],
): Promise<BookPreview> {
  return apiRequest<BookPreview>(
    `/api/books/${encodeURIComponent(bookInstanceId)}/pages/${position}/choose`,
    { method: 'POST', json: { picture } satisfies ChooseRedraw },
  );
}

export function useChooseRedraw(bookInstanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ position, picture }: { position: number; picture: ChooseRedraw['picture'] }) =>
      chooseRedraw(bookInstanceId, position, picture),
    onSuccess: (book) => queryClient.setQueryData(bookQueryKey(bookInstanceId), book),
  });
}
