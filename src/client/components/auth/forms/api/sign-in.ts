import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { refreshSession } from '../../get-session';

export type SignInInput = { email: string; password: string; callbackURL: string };

/** Signs in with e-mail and password; the server answers with a session cookie. */
export function signIn(input: SignInInput): Promise<unknown> {
  return apiRequest('/api/auth/sign-in/email', { json: input });
}

/** Stays pending until the new session has been read, so the next page already sees the user. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => refreshSession(queryClient),
  });
}
