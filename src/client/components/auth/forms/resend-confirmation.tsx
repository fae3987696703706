import { MailCheck, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSendVerificationEmail } from './api/send-verification-email';
import { useAuthErrorText } from './lib/error-message';

/** 'Resend the confirmation e-mail', then what came of it, in place. */
export function ResendConfirmation({ email, callbackURL }: { email: string; callbackURL?: string }) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const resend = useSendVerificationEmail();
  if (resend.isSuccess) {
    return (
      <p className="flex items-center gap-2 font-semibold text-ink-900">
        <MailCheck aria-hidden="true" className="size-5 text-coral-600" />
        {t('resend.done')}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-start gap-2">
      {/* Like a small secondary button, but its label may wrap on a narrow phone. */}
      <button
        type="button"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(
            { email, ...(callbackURL ? { callbackURL } : {}) },
            { onSuccess: () => toast.success(t('resend.toast')) },
          )
        }
        className="inline-flex min-h-10 items-center gap-2 rounded-full border-2 border-ink-900/15 bg-cream-50 px-4 py-1.5 text-left text-sm font-bold text-ink-900 transition-colors hover:border-ink-900/30 hover:bg-white disabled:opacity-50"
      >
        <RotateCw aria-hidden="true" className="size-4 shrink-0" />
        {resend.isPending ? t('resend.pending') : t('resend.action')}
      </button>
      {resend.isError && <p className="text-sm font-semibold text-red-700">{errorText(resend.error)}</p>}
    </div>
  );
}
