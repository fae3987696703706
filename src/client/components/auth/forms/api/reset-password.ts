import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { refreshSession } from '../../get-session';

export type ResetPasswordInput = { newPassword: string; token: string };

/** Sets a new password with the token from the e-mailed link; the server ends the other sessions. */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return apiRequest('/api/auth/reset-password', { json: input });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => refreshSession(queryClient),
  });
}
