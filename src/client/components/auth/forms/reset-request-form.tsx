import { ArrowLeft, MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useRequestPasswordReset } from './api/request-password-reset';
import { ErrorAlert, SentNotice, SubmitButton, TextButton, TextField } from './form-parts';
import { useAuthErrorText } from './lib/error-message';
import { checkEmail, type EmailProblem } from './lib/validation';

type ResetRequestFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
  /** Put the cursor in the e-mail field on arrival (when the user asked for this form). */
  focusOnMount?: boolean;
};

/** 'Forgot your password?': asks for the e-mail and sends the reset link. */
export function ResetRequestForm({
  email,
  onEmailChange,
  onBack,
  focusOnMount = false,
}: ResetRequestFormProps) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const requestReset = useRequestPasswordReset();
  const [problem, setProblem] = useState<EmailProblem>();
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusOnMount) emailRef.current?.focus();
  }, [focusOnMount]);

  const back = (
    <TextButton onClick={onBack} className="inline-flex items-center gap-1.5 self-start">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('reset.backToSignIn')}
    </TextButton>
  );

  if (requestReset.isSuccess) {
    return (
      <div className="flex flex-col gap-5">
        <SentNotice icon={<MailCheck aria-hidden="true" className="size-6" />} title={t('reset.sentTitle')}>
          <p>{t('reset.sentBody', { email: requestReset.variables.email })}</p>
        </SentNotice>
        {back}
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkEmail(email);
    setProblem(found);
    if (found) return emailRef.current?.focus();
    requestReset.mutate({ email: email.trim() }, { onSuccess: () => toast.success(t('reset.toast')) });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {requestReset.isError && <ErrorAlert>{errorText(requestReset.error)}</ErrorAlert>}
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
          setProblem(undefined);
        }}
        error={problem && t(`validation.${problem}`)}
      />
      <SubmitButton
        pending={requestReset.isPending}
        label={t('reset.submit')}
        pendingLabel={t('reset.pending')}
      />
      {back}
    </form>
  );
}
