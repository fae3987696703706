import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { codeOf } from '../../../lib/api-client';
import { useResetPassword } from './api/reset-password';
import { ErrorAlert, SubmitButton, TextField } from './form-parts';
import { useAuthErrorText } from './lib/error-message';
import { checkPassword, MIN_PASSWORD_LENGTH, type PasswordProblem } from './lib/validation';

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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<{ password?: PasswordProblem; confirm?: 'passwordsDoNotMatch' }>(
    {},
  );
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      password: checkPassword(password),
      confirm: confirm !== password ? ('passwordsDoNotMatch' as const) : undefined,
    };
    setProblems(found);
    if (found.password) return passwordRef.current?.focus();
    if (found.confirm) return confirmRef.current?.focus();
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
    );
  };

  const showAlert = resetPassword.isError && !(codeOf(resetPassword.error) === 'INVALID_TOKEN');

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {showAlert && <ErrorAlert>{errorText(resetPassword.error)}</ErrorAlert>}
      <TextField
        ref={passwordRef}
        label={t('fields.newPassword')}
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
        ref={confirmRef}
        label={t('fields.confirmNewPassword')}
        type="password"
        name="confirm-new-password"
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
        pending={resetPassword.isPending}
        label={t('newPassword.submit')}
        pendingLabel={t('newPassword.pending')}
      />
    </form>
  );
}
