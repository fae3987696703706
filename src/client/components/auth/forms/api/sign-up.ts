import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../../../shared/i18n';
import { apiRequest } from '../../../../lib/api-client';
import { refreshSession } from '../../get-session';
import { getSafeRedirect } from '../../safe-redirect';

export type SignUpInput = {
  email: string;
  password: string;
  language: Language;
  /** Where the confirmation link lands, signed in: the page the parent was on (else the home page). */
  callbackURL?: string;
};

/**
 * Creates an account. No session yet: the e-mail must be confirmed first, and the confirmation link
 * signs the user in and lands on `callbackURL` (a path of this shop). The e-mails are written in
 * `language`.
 */
export function signUp({ email, password, language, callbackURL = '/' }: SignUpInput): Promise<unknown> {
  // The form asks for no name; the part before @ is a friendly default the profile can change.
  const name = email.split('@')[0] || email;
  return apiRequest('/api/auth/sign-up/email', {
    json: { email, password, name, language, callbackURL: getSafeRedirect(callbackURL) ?? '/' },
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => refreshSession(queryClient),
  });
}
