import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RecentBookInstancesSchema } from '../../../../shared/contracts/checkout';
import { apiRequest } from '../../../lib/api-client';

export type RecentBookInstances = z.infer<typeof RecentBookInstancesSchema>;

/** Development only: the five newest book instances. */
export function getRecentBookInstances(): Promise<RecentBookInstances> {
  return apiRequest<RecentBookInstances>('/api/dev/book-instances/recent');
}

/** Read when the user presses Load Recent, and each time again. */
export function useRecentBookInstances() {
  return useMutation({ mutationFn: getRecentBookInstances });
}
