import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DevToolsStatusSchema } from '../../../../shared/contracts/checkout';
import { apiRequest } from '../../../lib/api-client';

export type DevToolsStatus = z.infer<typeof DevToolsStatusSchema>;

/** Whether this shop answers the checkout test page's lookups (never in production: 404 there). */
export function useDevToolsStatus() {
  return useQuery({
    queryKey: ['dev', 'status'],
    queryFn: () => apiRequest<DevToolsStatus>('/api/dev/status'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
