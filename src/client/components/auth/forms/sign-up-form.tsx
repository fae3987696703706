import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SignUpFormSchema } from '../../../../shared/contracts/auth-forms';
import { useZodForm } from '../../../lib/use-zod-form';
import { useLanguage } from '../../layout/use-language';
import { useSignUp } from './api/sign-up';
import {
  EmailField,
  ErrorAlert,
  NewPasswordFields,
  SentNotice,
  SubmitButton,
  TextButton,
} from './form-parts';
import { useAuthErrorText } from './lib/error-message';
import { useProblemText } from './lib/validation';
import { ResendConfirmation } from './resend-confirmation';

type SignUpFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  /** Shown under the form until the account is created (the social buttons). */
  after?: ReactNode;
  /** Where the confirmation link lands, signed in: the page the parent was on. */
  callbackURL?: string;
};

export function SignUpForm({ email, onEmailChange, after, callbackURL }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const { language } = useLanguage();
  const signUp = useSignUp();
  const form = useZodForm(SignUpFormSchema, { email, password: '', confirm: '' });
  const problemText = useProblemText();
  const problem = (name: 'email' | 'password' | 'confirm') =>
    problemText(form.formState.errors[name]?.message);

  if (signUp.isSuccess) {
    const sentTo = signUp.variables.email;
    return (
      <SentNotice icon={<MailCheck aria-hidden="true" className="size-6" />} title={t('signup.sentTitle')}>
        <p>{t('signup.sentBody', { email: sentTo })}</p>
        <p className="font-semibold text-ink-900">{t('signup.wizardKept')}</p>
        <p>{t('signup.notReceived')}</p>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
          <ResendConfirmation email={sentTo} {...(callbackURL ? { callbackURL } : {})} />
          <TextButton
            onClick={() => {
              form.reset({ email: form.getValues('email'), password: '', confirm: '' });
              signUp.reset();
            }}
          >
            {t('signup.useAnotherEmail')}
          </TextButton>
        </div>
      </SentNotice>
    );
  }

  // Checked here, before any request (docs/spec.md section 5).
  const submit = form.handleSubmit(({ email: address, password }) =>
    signUp.mutate(
      { email: address, password, language, ...(callbackURL ? { callbackURL } : {}) },
      { onSuccess: () => toast.success(t('signup.toast')) },
    ),
  );

  return (
    <>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        {signUp.isError && <ErrorAlert>{errorText(signUp.error)}</ErrorAlert>}
        <EmailField {...form.field('email', onEmailChange)} error={problem('email')} />
        <NewPasswordFields
          labels={{ password: t('fields.password'), confirm: t('fields.confirmPassword') }}
          password={{ ...form.field('password'), error: problem('password') }}
          confirm={{ ...form.field('confirm'), error: problem('confirm') }}
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
