import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DevToolsStatusSchema } from '../../../../shared/contracts/checkout';
import { checkoutRequest } from './checkout-request';

export type DevToolsStatus = z.infer<typeof DevToolsStatusSchema>;

/** Whether this shop answers the checkout test page's lookups (never in production: 404 there). */
export function useDevToolsStatus() {
  return useQuery({
    queryKey: ['dev', 'status'],
    queryFn: () => checkoutRequest<DevToolsStatus>('/api/dev/status'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
