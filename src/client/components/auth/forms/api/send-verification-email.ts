import { useMutation } from '@tanstack/react-query';
import { authRequest } from '../../auth-request';

/** Sends the confirmation e-mail again (offered after EMAIL_NOT_VERIFIED and after sign-up). */
export function sendVerificationEmail({ email }: { email: string }): Promise<unknown> {
  return authRequest('/send-verification-email', { body: { email, callbackURL: '/' } });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
