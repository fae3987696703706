import { Copy, ImageUp, Sparkles, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WizardState } from '../../../../shared/contracts/wizard';
import type { WizardStep } from '../../../../shared/domain/wizard';

/**
 * The notes above a step: on step 1 a book started from a sibling's or a new photo for a book, and
 * the welcome back to restored progress until the parent dismisses it.
 */
export function WizardNotes({
  step,
  state,
  welcome,
  onDismissWelcome,
}: {
  step: WizardStep;
  state: WizardState;
  welcome: boolean;
  onDismissWelcome: () => void;
}) {
  const { t } = useTranslation(['wizard', 'errors']);
  return (
    <>
      {step === 1 && state.prefill?.clonedFrom && (
        <p
          role="note"
          className="mb-6 flex items-start gap-3 rounded-2xl bg-lavender-100 p-4 font-semibold motion-safe:animate-fade-in"
        >
          <Copy aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-coral-600" />
          {t('sibling.note', { orderNumber: state.prefill.clonedFrom.orderNumber })}
        </p>
      )}
      {step === 1 && state.prefill?.changingPhotoOf && (
        <div
          role="note"
          className="mb-6 flex flex-col items-start gap-2 rounded-2xl bg-lavender-100 p-4 font-semibold motion-safe:animate-fade-in"
        >
          <p className="flex items-start gap-3">
            <ImageUp aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-coral-600" />
            {t('changePhoto.note', { name: state.prefill.child?.name ?? '' })}
          </p>
          <Link
            to={`/book/${encodeURIComponent(state.prefill.changingPhotoOf.bookInstanceId)}`}
            className="ml-8 text-coral-700 underline underline-offset-4"
          >
            {t('changePhoto.back')}
          </Link>
        </div>
      )}
      {welcome && (
        <div
          role="status"
          className="mb-6 flex items-start gap-3 rounded-2xl bg-lavender-100 p-4 font-semibold motion-safe:animate-fade-in"
        >
          <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-coral-600" />
          <p className="flex-1">{t('welcomeBack.banner')}</p>
          <button
            type="button"
            onClick={onDismissWelcome}
            className="-m-1 rounded-full p-1 text-ink-700 hover:bg-white hover:text-ink-900"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('welcomeBack.dismiss')}</span>
          </button>
        </div>
      )}
    </>
  );
}
