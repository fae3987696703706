import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** Sends the confirmation e-mail again (offered after EMAIL_NOT_VERIFIED and after sign-up). */
export function sendVerificationEmail({ email }: { email: string }): Promise<unknown> {
  return apiRequest('/api/auth/send-verification-email', { json: { email, callbackURL: '/' } });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
