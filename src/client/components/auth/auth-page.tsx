import * as Tabs from '@radix-ui/react-tabs';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../layout/use-document-title';
import { Button } from '../ui/button';
import { TextButton } from './forms/form-parts';
import { useOAuthErrorText } from './forms/lib/error-message';
import { NewPasswordForm } from './forms/new-password-form';
import { ResetRequestForm } from './forms/reset-request-form';
import { SignInForm } from './forms/sign-in-form';
import { SignUpForm } from './forms/sign-up-form';
import { SocialSignIn } from './forms/social-sign-in';
import { signInPath } from './safe-redirect';
import { SignInTabsList } from './sign-in-tabs';

const TABS = ['signin', 'signup', 'reset'] as const;
type AuthTab = (typeof TABS)[number];
const isTab = (value: string): value is AuthTab => (TABS as readonly string[]).includes(value);

/**
 * /auth: sign in and sign up as tabs, a hidden third tab to ask for a reset link, and with
 * ?mode=reset the set-new-password form the e-mailed link opens (or, for a used or expired link,
 * a way to ask for a new one). `redirectTo` is where a signed-in user goes next.
 */
export function AuthPage({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation('auth');
  const oauthErrorText = useOAuthErrorText();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const resetMode = params.get('mode') === 'reset';
  const token = params.get('token');
  const urlError = params.get('error');
  // The server sends used or expired links back with ?error=INVALID_TOKEN.
  const view = resetMode && urlError ? 'expired' : resetMode && token ? 'newPassword' : 'tabs';

  const [tab, setTab] = useState<AuthTab>(() => {
    if (resetMode) return 'reset';
    return params.get('tab') === 'signup' ? 'signup' : 'signin';
  });
  // One e-mail for every form: typed once, it follows the user from sign-in to 'forgot password'.
  const [email, setEmail] = useState('');
  const [focusReset, setFocusReset] = useState(false);
  const signInTabRef = useRef<HTMLButtonElement>(null);
  const focusSignInTab = useRef(false);

  useEffect(() => {
    if (tab === 'signin' && focusSignInTab.current) {
      focusSignInTab.current = false;
      signInTabRef.current?.focus();
    }
  }, [tab]);

  const titleKey = view === 'tabs' ? tab : view === 'newPassword' ? 'newPassword' : 'reset';
  useDocumentTitle(t(`metaTitle.${titleKey}`));
  const headingKey = view === 'tabs' ? tab : view;

  const social = <SocialSignIn callbackURL={redirectTo} errorCallbackURL={signInPath(redirectTo)} />;

  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-14">
      <div className="text-center">
        <img src="/brand/favicon.svg" alt="" width={64} height={64} className="mx-auto size-16 -rotate-6" />
        <h1 className="mt-5 text-3xl font-semibold sm:text-4xl">{t(`heading.${headingKey}`)}</h1>
        <p className="mt-3 text-ink-700">{t(`lead.${headingKey}`)}</p>
      </div>
      <div className="mt-8 rounded-3xl border border-sand-300 bg-cream-50 p-5 shadow-soft sm:p-8">
        {view === 'newPassword' && token && (
          <NewPasswordForm
            token={token}
            onUpdated={() => navigate('/', { replace: true })}
            onTokenRejected={() => setParams({ mode: 'reset', error: 'INVALID_TOKEN' }, { replace: true })}
          />
        )}
        {view === 'expired' && (
          <div className="flex flex-col gap-5">
            <Button
              size="md"
              className="w-full"
              onClick={() => {
                setTab('reset');
                setFocusReset(true);
                setParams({ mode: 'reset' }, { replace: true });
              }}
            >
              {t('expired.action')}
            </Button>
            <TextButton
              className="inline-flex items-center gap-1.5 self-center"
              onClick={() => {
                setTab('signin');
                setParams({}, { replace: true });
              }}
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t('reset.backToSignIn')}
            </TextButton>
          </div>
        )}
        {view === 'tabs' && (
          <Tabs.Root value={tab} onValueChange={(value) => isTab(value) && setTab(value)}>
            {tab !== 'reset' && <SignInTabsList signInRef={signInTabRef} />}
            <Tabs.Content value="signin" className="flex flex-col gap-6">
              <SignInForm
                email={email}
                onEmailChange={setEmail}
                callbackURL={redirectTo}
                initialError={!resetMode && urlError ? oauthErrorText(urlError) : undefined}
                onForgotPassword={() => {
                  setFocusReset(true);
                  setTab('reset');
                }}
              />
              {social}
            </Tabs.Content>
            <Tabs.Content value="signup" className="flex flex-col gap-6">
              <SignUpForm email={email} onEmailChange={setEmail} after={social} callbackURL={redirectTo} />
            </Tabs.Content>
            <Tabs.Content value="reset">
              <ResetRequestForm
                email={email}
                onEmailChange={setEmail}
                focusOnMount={focusReset}
                onBack={() => {
                  focusSignInTab.current = true;
                  setTab('signin');
                }}
              />
            </Tabs.Content>
          </Tabs.Root>
        )}
      </div>
    </section>
  );
}
