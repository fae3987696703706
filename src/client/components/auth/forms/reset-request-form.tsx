import { ArrowLeft, MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ResetRequestFormSchema } from '../../../../shared/contracts/auth-forms';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRequestPasswordReset } from './api/request-password-reset';
import { EmailField, ErrorAlert, SentNotice, SubmitButton, TextButton } from './form-parts';
import { useAuthErrorText } from './lib/error-message';
import { useProblemText } from './lib/validation';

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
  const form = useZodForm(ResetRequestFormSchema, { email });
  const problemText = useProblemText();
  const problem = problemText(form.formState.errors.email?.message);
  const { setFocus } = form;

  useEffect(() => {
    if (focusOnMount) setFocus('email');
  }, [focusOnMount, setFocus]);

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

  const submit = form.handleSubmit(({ email: address }) =>
    requestReset.mutate({ email: address }, { onSuccess: () => toast.success(t('reset.toast')) }),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {requestReset.isError && <ErrorAlert>{errorText(requestReset.error)}</ErrorAlert>}
      <EmailField {...form.field('email', onEmailChange)} error={problem} />
      <SubmitButton
        pending={requestReset.isPending}
        label={t('reset.submit')}
        pendingLabel={t('reset.pending')}
      />
      {back}
    </form>
  );
}
