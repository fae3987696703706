import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeOf } from '../../../lib/api-client';
import { useSignIn } from './api/sign-in';
import { ErrorAlert, SubmitButton, TextButton, TextField } from './form-parts';
import { useAuthErrorText } from './lib/error-message';
import { checkEmail, checkPassword, type EmailProblem, type PasswordProblem } from './lib/validation';
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
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: EmailProblem; password?: PasswordProblem }>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = { email: checkEmail(email), password: checkPassword(password, 0) };
    setProblems(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    signIn.mutate({ email: email.trim(), password, callbackURL });
  };

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
      <TextField
        ref={emailRef}
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onValueChange={(value) => {
          onEmailChange(value);
          setProblems((current) => ({ ...current, email: undefined }));
        }}
        error={problems.email && t(`validation.${problems.email}`)}
      />
      <TextField
        ref={passwordRef}
        label={t('fields.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          setProblems((current) => ({ ...current, password: undefined }));
        }}
        error={problems.password && t(`validation.${problems.password}`)}
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
