import { CircleAlert, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The orange notice after the buyer left the payment page without paying. */
export function CancelledBanner({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation('checkout');
  return (
    <section
      role="status"
      aria-labelledby="payment-cancelled-title"
      className="mb-6 flex items-start gap-3 rounded-2xl border-2 border-orange-300 bg-orange-50 p-4 text-orange-950 motion-safe:animate-fade-in"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-orange-700" />
      <div className="min-w-0 flex-1">
        <h2 id="payment-cancelled-title" className="font-sans text-base font-extrabold">
          {t('cancelled.title')}
        </h2>
        <p className="mt-0.5">{t('cancelled.text')}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="-m-1 rounded-full p-1 text-orange-900 hover:bg-white"
      >
        <X aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('cancelled.dismiss')}</span>
      </button>
    </section>
  );
}
