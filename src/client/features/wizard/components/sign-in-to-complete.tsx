import * as Tabs from '@radix-ui/react-tabs';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResetRequestForm } from '../../../components/auth/forms/reset-request-form';
import { SignInForm } from '../../../components/auth/forms/sign-in-form';
import { SignUpForm } from '../../../components/auth/forms/sign-up-form';
import { SocialSignIn } from '../../../components/auth/forms/social-sign-in';
import { signInPath } from '../../../components/auth/safe-redirect';
import { SignInTabsList } from '../../../components/auth/sign-in-tabs';
import { Button } from '../../../components/ui/button';

type SignInToCompleteProps = {
  /** This wizard's address: where a sign-in with Google or Microsoft comes back to. */
  returnTo: string;
  /** Signed in: the book is being prepared. */
  completing: boolean;
  onBack: () => void;
  headingRef: Ref<HTMLHeadingElement>;
};

type View = 'signin' | 'signup' | 'reset';

/** The wizard's address asked to finish the book on arrival (`FINISH_PARAM`, wizard-flow.tsx). */
export const FINISH_PARAM = 'finish';
function withFinish(returnTo: string): string {
  const url = new URL(returnTo, 'https://shop.invalid');
  url.searchParams.set(FINISH_PARAM, '1');
  return `${url.pathname}${url.search}`;
}

/**
 * 'Almost there, sign in to complete' (docs/spec.md section 2): an anonymous visitor at the end of the
 * wizard signs in or creates an account here, without leaving it; the page completes on its own once
 * the session arrives.
 */
export function SignInToComplete({ returnTo, completing, onBack, headingRef }: SignInToCompleteProps) {
  const { t } = useTranslation(['wizard', 'auth']);
  const [view, setView] = useState<View>('signin');
  const [email, setEmail] = useState('');
  const social = <SocialSignIn callbackURL={returnTo} errorCallbackURL={signInPath(returnTo)} />;

  return (
    <section className="mx-auto flex w-full max-w-md flex-col">
      <div className="text-center">
        <img src="/brand/favicon.svg" alt="" width={64} height={64} className="mx-auto size-16 -rotate-6" />
        <h1 ref={headingRef} tabIndex={-1} className="mt-5 text-3xl font-semibold outline-none sm:text-4xl">
          {t('wizard:signIn.heading')}
        </h1>
        <p className="mt-3 text-ink-700">{t('wizard:signIn.lead')}</p>
      </div>
      <div className="mt-8 rounded-3xl border border-sand-300 bg-cream-50 p-5 shadow-soft sm:p-8">
        {completing ? (
          <p role="status" className="flex items-center justify-center gap-3 py-6 font-semibold">
            <Loader2 aria-hidden="true" className="size-6 text-coral-600 motion-safe:animate-spin" />
            {t('wizard:signIn.completing')}
          </p>
        ) : view === 'reset' ? (
          <ResetRequestForm
            email={email}
            onEmailChange={setEmail}
            focusOnMount
            onBack={() => setView('signin')}
          />
        ) : (
          <Tabs.Root
            value={view}
            onValueChange={(value) => setView(value === 'signup' ? 'signup' : 'signin')}
          >
            <SignInTabsList />
            <Tabs.Content value="signin" className="flex flex-col gap-6">
              <SignInForm
                email={email}
                onEmailChange={setEmail}
                callbackURL={returnTo}
                onForgotPassword={() => setView('reset')}
              />
              {social}
            </Tabs.Content>
            <Tabs.Content value="signup" className="flex flex-col gap-6">
              <p className="rounded-2xl bg-lavender-100 p-4 text-sm font-semibold">
                {t('wizard:signIn.signupNote')}
              </p>
              {/* The confirmation link signs the parent in and comes back here to finish the book. */}
              <SignUpForm
                email={email}
                onEmailChange={setEmail}
                after={social}
                callbackURL={withFinish(returnTo)}
              />
            </Tabs.Content>
          </Tabs.Root>
        )}
      </div>
      <Button variant="ghost" className="mt-6 self-center" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        {t('wizard:signIn.back')}
      </Button>
    </section>
  );
}
