import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRequest } from '../../../components/auth/auth-request';
import { refreshSession } from '../../../components/auth/get-session';

export type ResetPasswordInput = { newPassword: string; token: string };

/** Sets a new password with the token from the e-mailed link; the server ends the other sessions. */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return authRequest('/reset-password', { body: input });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => refreshSession(queryClient),
  });
}
