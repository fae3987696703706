import { ArrowLeft, ArrowRight, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { CheckoutStep } from './checkout-steps';

type CheckoutFooterProps = {
  step: CheckoutStep;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** On a step that is a form, Next submits it (so Enter in a field does the same). */
  formId?: string | undefined;
};

/** Previous and Next, in view at the bottom; the last step pays with its own button instead of Next. */
export function CheckoutFooter({ step, busy, onPrevious, onNext, formId }: CheckoutFooterProps) {
  const { t } = useTranslation('checkout');
  return (
    <nav
      aria-label={t('shell.navigation')}
      className="sticky bottom-0 z-30 border-t border-sand-300/70 bg-cream-50/95 backdrop-blur-md"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Button variant="secondary" disabled={step === 1 || busy} onClick={onPrevious}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t('shell.previous')}
        </Button>
        {step < 3 && (
          <Button
            disabled={busy}
            {...(formId ? { type: 'submit' as const, form: formId } : { onClick: onNext })}
            className="min-w-0"
          >
            {busy && <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />}
            <span className="truncate">{busy ? t('shell.saving') : t('shell.next')}</span>
            {!busy && <ArrowRight aria-hidden="true" className="size-5" />}
          </Button>
        )}
      </div>
    </nav>
  );
}
