import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RetryBookResultSchema } from '../../../../shared/contracts/profile';
import { apiRequest } from '../../../lib/api-client';
import { bookInstancesQueryKey } from './get-book-instances';

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

/** Retry, then read the books again whatever the answer, so the list shows where the book stands. */
export function useRetryBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryBook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookInstancesQueryKey }),
  });
}
