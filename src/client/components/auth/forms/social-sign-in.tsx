import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { useProviders } from './api/get-providers';
import { useSignInSocial } from './api/sign-in-social';
import { ErrorAlert } from './form-parts';
import { useAuthErrorText } from './lib/error-message';
import { PROVIDER_NAMES, ProviderLogo } from './provider-logos';

/**
 * 'Continue with Google / Microsoft' for the providers the server has configured, none otherwise.
 * The provider sends the user back to `callbackURL`, or to `errorCallbackURL` with ?error=<code>.
 */
export function SocialSignIn({
  callbackURL,
  errorCallbackURL,
}: {
  callbackURL: string;
  errorCallbackURL: string;
}) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const { data: providers = [] } = useProviders();
  const socialSignIn = useSignInSocial();
  if (providers.length === 0) return null;
  // Still disabled after success: the browser is on its way to the provider.
  const busy = socialSignIn.isPending || socialSignIn.isSuccess;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-sm font-bold text-ink-700" aria-hidden="true">
        <span className="h-px flex-1 bg-sand-300" />
        {t('social.divider')}
        <span className="h-px flex-1 bg-sand-300" />
      </div>
      {socialSignIn.isError && <ErrorAlert>{errorText(socialSignIn.error)}</ErrorAlert>}
      {providers.map((provider) => {
        const opening = busy && socialSignIn.variables?.providerId === provider;
        return (
          <Button
            key={provider}
            variant="secondary"
            size="md"
            className="w-full"
            disabled={busy}
            onClick={() => socialSignIn.mutate({ providerId: provider, callbackURL, errorCallbackURL })}
          >
            {opening ? (
              <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
            ) : (
              <ProviderLogo provider={provider} />
            )}
            {opening
              ? t('social.pending', { provider: PROVIDER_NAMES[provider] })
              : t(provider === 'google' ? 'social.google' : 'social.microsoft')}
          </Button>
        );
      })}
    </div>
  );
}
