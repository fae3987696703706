import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api-client';
import { leaveSiteFor } from '../lib/leave-site';
import type { SocialProvider } from './get-providers';

export type SocialSignInInput = {
  providerId: SocialProvider;
  /** Where the provider sends the user back once signed in: a path of this site. */
  callbackURL: string;
  /** Where a failed attempt comes back to, with ?error=<code>. */
  errorCallbackURL: string;
};

/** Starts sign-in with Google or Microsoft: the server answers with the provider's page to open. */
export async function signInSocial({ providerId, ...rest }: SocialSignInInput): Promise<{ url: string }> {
  // better-auth serves configured OpenID Connect providers through its social sign-in endpoint.
  const answer = await apiRequest<{ url?: unknown } | null>('/api/auth/sign-in/social', {
    json: { provider: providerId, ...rest },
  });
  if (typeof answer?.url !== 'string' || answer.url === '') {
    throw new ApiError(200, undefined, 'no provider page in the answer');
  }
  return { url: answer.url };
}

export function useSignInSocial() {
  return useMutation({
    mutationFn: signInSocial,
    onSuccess: ({ url }) => leaveSiteFor(url),
  });
}
