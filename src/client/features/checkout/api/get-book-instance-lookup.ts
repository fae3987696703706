import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BookInstanceLookupSchema } from '../../../../shared/contracts/checkout';
import { apiRequest } from '../../../lib/api-client';

export type BookInstanceLookup = z.infer<typeof BookInstanceLookupSchema>;

/** Development only: one book instance by id, whoever made it (404 when unknown). */
export function getBookInstanceLookup(bookInstanceId: string): Promise<BookInstanceLookup> {
  return apiRequest<BookInstanceLookup>(`/api/dev/book-instances/${encodeURIComponent(bookInstanceId)}`);
}

/** A check the user asks for (the Test Checkout button), so a mutation rather than a cached query. */
export function useBookInstanceLookup() {
  return useMutation({ mutationFn: getBookInstanceLookup });
}
