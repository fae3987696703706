import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { NewPasswordFormSchema } from '../../../../shared/contracts/auth-forms';
import { codeOf } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';
import { useResetPassword } from './api/reset-password';
import { ErrorAlert, NewPasswordFields, SubmitButton } from './form-parts';
import { useAuthErrorText } from './lib/error-message';
import { useProblemText } from './lib/validation';

type NewPasswordFormProps = {
  token: string;
  onUpdated: () => void;
  /** The server refused the link (used or expired): show the 'ask for a new link' screen. */
  onTokenRejected: () => void;
};

/** The set-new-password form the e-mailed link opens (/auth?mode=reset&token=…). */
export function NewPasswordForm({ token, onUpdated, onTokenRejected }: NewPasswordFormProps) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const resetPassword = useResetPassword();
  const form = useZodForm(NewPasswordFormSchema, { password: '', confirm: '' });
  const problemText = useProblemText();
  const problem = (name: 'password' | 'confirm') => problemText(form.formState.errors[name]?.message);

  const submit = form.handleSubmit(({ password }) =>
    resetPassword.mutate(
      { newPassword: password, token },
      {
        onSuccess: () => {
          toast.success(t('newPassword.toast'));
          onUpdated();
        },
        onError: (error) => {
          if (codeOf(error) === 'INVALID_TOKEN') onTokenRejected();
        },
      },
    ),
  );

  const showAlert = resetPassword.isError && !(codeOf(resetPassword.error) === 'INVALID_TOKEN');

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {showAlert && <ErrorAlert>{errorText(resetPassword.error)}</ErrorAlert>}
      <NewPasswordFields
        labels={{ password: t('fields.newPassword'), confirm: t('fields.confirmNewPassword') }}
        password={{ ...form.field('password'), error: problem('password') }}
        confirm={{ ...form.field('confirm'), error: problem('confirm') }}
      />
      <SubmitButton
        pending={resetPassword.isPending}
        label={t('newPassword.submit')}
        pendingLabel={t('newPassword.pending')}
      />
    </form>
  );
}
