import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** E-mails a single-use reset link leading to /auth?mode=reset. Answers the same whether or not the
 * account exists, so it never tells who has one. */
export function requestPasswordReset({ email }: { email: string }): Promise<unknown> {
  return apiRequest('/api/auth/request-password-reset', { json: { email, redirectTo: '/auth?mode=reset' } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
