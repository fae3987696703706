import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../../../shared/i18n';
import { apiRequest } from '../../../../lib/api-client';
import { refreshSession } from '../../get-session';

export type SignUpInput = { email: string; password: string; language: Language };

/**
 * Creates an account. No session yet: the e-mail must be confirmed first, and the confirmation link
 * signs the user in and lands on the home page. The e-mails are written in `language`.
 */
export function signUp({ email, password, language }: SignUpInput): Promise<unknown> {
  // The form asks for no name; the part before @ is a friendly default the profile can change.
  const name = email.split('@')[0] || email;
  return apiRequest('/api/auth/sign-up/email', {
    json: { email, password, name, language, callbackURL: '/' },
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => refreshSession(queryClient),
  });
}
