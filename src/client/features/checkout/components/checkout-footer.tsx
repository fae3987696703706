import { ArrowLeft, ArrowRight, Loader2, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { CheckoutStep } from './checkout-steps';

/** Step 3's main action, carried by the step bar so it is in sight at every width (issue 20). */
export type PayAction = {
  /** "Pay CHF 95.81", or what happens while the payment page is made. */
  label: string;
  /** Both agreements ticked. */
  ready: boolean;
  processing: boolean;
  /** The hint under the agreements ("Please tick both boxes"), while it shows. */
  describedBy?: string | undefined;
  onPay: () => void;
  /** Takes the parent to the first box still to tick (the boxes sit in the page, maybe out of sight). */
  onShowAgreements?: (() => void) | undefined;
};

type CheckoutFooterProps = {
  step: CheckoutStep;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** On a step that is a form, Next submits it (so Enter in a field does the same). */
  formId?: string | undefined;
  /** On step 3 the bar pays in place of Next. */
  pay?: PayAction | undefined;
};

/**
 * Previous and Next, in view at the bottom; on the last step, Pay in place of Next (like the wizard's
 * cover steps carry "Approve this cover"), so the step's main button never sits below the fold.
 */
export function CheckoutFooter({ step, busy, onPrevious, onNext, formId, pay }: CheckoutFooterProps) {
  const { t } = useTranslation('checkout');
  return (
    <nav
      aria-label={t('shell.navigation')}
      data-sticky-footer=""
      className="sticky bottom-0 z-30 border-t border-sand-300/70 bg-cream-50/95 backdrop-blur-md"
    >
      {step === 3 && pay && !pay.ready && !pay.processing && pay.onShowAgreements && (
        // Why Pay waits, where the parent looks for it: beside the disabled button, not only in the page.
        <div className="mx-auto flex max-w-6xl justify-end px-4 pt-2 sm:px-6">
          <button
            type="button"
            onClick={pay.onShowAgreements}
            className="rounded text-sm font-semibold text-coral-700 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900"
          >
            {t('payment.tickBothToPay')}
          </button>
        </div>
      )}
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
        {step === 3 && pay && (
          <Button
            disabled={!pay.ready || pay.processing}
            aria-describedby={pay.describedBy}
            onClick={pay.onPay}
            className="min-w-0 sm:min-w-56"
          >
            {pay.processing ? (
              <Loader2 aria-hidden="true" className="size-5 shrink-0 motion-safe:animate-spin" />
            ) : (
              <Lock aria-hidden="true" className="size-5 shrink-0" />
            )}
            <span className="truncate">{pay.label}</span>
          </Button>
        )}
      </div>
    </nav>
  );
}
