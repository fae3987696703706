import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { getSafeRedirect } from '../../safe-redirect';

/** Sends the confirmation e-mail again (offered after EMAIL_NOT_VERIFIED and after sign-up). */
export function sendVerificationEmail({
  email,
  callbackURL = '/',
}: {
  email: string;
  /** Where the link lands, signed in (a path of this shop). */
  callbackURL?: string;
}): Promise<unknown> {
  return apiRequest('/api/auth/send-verification-email', {
    json: { email, callbackURL: getSafeRedirect(callbackURL) ?? '/' },
  });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
