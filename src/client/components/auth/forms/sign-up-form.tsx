import { MailCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useLanguage } from '../../layout/use-language';
import { useSignUp } from './api/sign-up';
import { ErrorAlert, SentNotice, SubmitButton, TextButton, TextField } from './form-parts';
import { useAuthErrorText } from './lib/error-message';
import {
  checkEmail,
  checkPassword,
  type EmailProblem,
  MIN_PASSWORD_LENGTH,
  type PasswordProblem,
} from './lib/validation';
import { ResendConfirmation } from './resend-confirmation';

type Problems = { email?: EmailProblem; password?: PasswordProblem; confirm?: 'passwordsDoNotMatch' };

type SignUpFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  /** Shown under the form until the account is created (the social buttons). */
  after?: ReactNode;
};

export function SignUpForm({ email, onEmailChange, after }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const { language } = useLanguage();
  const signUp = useSignUp();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const refs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };

  if (signUp.isSuccess) {
    const sentTo = signUp.variables.email;
    return (
      <SentNotice icon={<MailCheck aria-hidden="true" className="size-6" />} title={t('signup.sentTitle')}>
        <p>{t('signup.sentBody', { email: sentTo })}</p>
        <p className="font-semibold text-ink-900">{t('signup.wizardKept')}</p>
        <p>{t('signup.notReceived')}</p>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
          <ResendConfirmation email={sentTo} />
          <TextButton
            onClick={() => {
              setPassword('');
              setConfirm('');
              signUp.reset();
            }}
          >
            {t('signup.useAnotherEmail')}
          </TextButton>
        </div>
      </SentNotice>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Checked here, before any request (SPEC.md section 5).
    const found: Problems = {
      email: checkEmail(email),
      password: checkPassword(password),
      confirm: confirm !== password ? 'passwordsDoNotMatch' : undefined,
    };
    setProblems(found);
    const first = (['email', 'password', 'confirm'] as const).find((field) => found[field]);
    if (first) return refs[first].current?.focus();
    signUp.mutate(
      { email: email.trim(), password, language },
      { onSuccess: () => toast.success(t('signup.toast')) },
    );
  };

  return (
    <>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        {signUp.isError && <ErrorAlert>{errorText(signUp.error)}</ErrorAlert>}
        <TextField
          ref={refs.email}
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
          ref={refs.password}
          label={t('fields.password')}
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={t('fields.passwordHint')}
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            setProblems((current) => ({ ...current, password: undefined }));
          }}
          error={problems.password && t(`validation.${problems.password}`)}
        />
        <TextField
          ref={refs.confirm}
          label={t('fields.confirmPassword')}
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirm}
          onValueChange={(value) => {
            setConfirm(value);
            setProblems((current) => ({ ...current, confirm: undefined }));
          }}
          error={problems.confirm && t(`validation.${problems.confirm}`)}
        />
        <SubmitButton
          pending={signUp.isPending}
          label={t('signup.submit')}
          pendingLabel={t('signup.pending')}
        />
      </form>
      {after}
    </>
  );
}
