import { useTranslation } from 'react-i18next';
import { SignInFormSchema } from '../../../../shared/contracts/auth-forms';
import { codeOf } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSignIn } from './api/sign-in';
import { EmailField, ErrorAlert, SubmitButton, TextButton, TextField } from './form-parts';
import { useAuthErrorText } from './lib/error-message';
import { useProblemText } from './lib/validation';
import { ResendConfirmation } from './resend-confirmation';

type SignInFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  /** Where the user goes once signed in (the route redirects when the session arrives). */
  callbackURL: string;
  /** A message to show before any attempt, e.g. a failed Google sign-in coming back. */
  initialError?: string | undefined;
  onForgotPassword: () => void;
};

export function SignInForm({
  email,
  onEmailChange,
  callbackURL,
  initialError,
  onForgotPassword,
}: SignInFormProps) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const signIn = useSignIn();
  const form = useZodForm(SignInFormSchema, { email, password: '' });
  const problemText = useProblemText();
  const problem = (name: 'email' | 'password') => problemText(form.formState.errors[name]?.message);
  const submit = form.handleSubmit(({ email: address, password }) =>
    signIn.mutate({ email: address, password, callbackURL }),
  );

  const error = signIn.error;
  const alert = error ? errorText(error) : signIn.isIdle ? initialError : undefined;
  const unverified = codeOf(error) === 'EMAIL_NOT_VERIFIED';

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {alert && (
        <ErrorAlert
          action={
            unverified && signIn.variables ? <ResendConfirmation email={signIn.variables.email} /> : undefined
          }
        >
          {alert}
        </ErrorAlert>
      )}
      <EmailField {...form.field('email', onEmailChange)} error={problem('email')} />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        required
        {...form.field('password')}
        error={problem('password')}
        labelAside={<TextButton onClick={onForgotPassword}>{t('signin.forgotPassword')}</TextButton>}
      />
      <SubmitButton
        pending={signIn.isPending}
        label={t('signin.submit')}
        pendingLabel={t('signin.pending')}
      />
    </form>
  );
}
