import { useMutation } from '@tanstack/react-query';
import { authRequest } from '../../auth-request';

/** E-mails a single-use reset link leading to /auth?mode=reset. Answers the same whether or not the
 * account exists, so it never tells who has one. */
export function requestPasswordReset({ email }: { email: string }): Promise<unknown> {
  return authRequest('/request-password-reset', { body: { email, redirectTo: '/auth?mode=reset' } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
