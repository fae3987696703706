import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { codeOf, statusOf } from '../../../lib/api-client';
import { useCreatePayment } from '../api/create-payment';
import { goToPayment } from '../lib/go-to-payment';

type Options = {
  /** 'retry' from the confirmation page says 'Failed to retry payment' for what is not the session's fault. */
  kind: 'pay' | 'retry';
  /** The order turned out to be paid already (409 PAYMENT_NOT_RETRYABLE). */
  onAlreadyPaid: () => void;
};

/** The session could not be made by the provider or the server (as opposed to a refused retry). */
const isSessionFailure = (error: unknown) =>
  codeOf(error) === 'PAYMENT_SESSION_FAILED' || (statusOf(error) ?? 0) >= 500;

/**
 * Starts the card payment of an order: asks the server for a payment session and sends the browser
 * there. `processing` stays true once the browser is leaving, so nothing can be pressed twice.
 */
export function useStartPayment({ kind, onAlreadyPaid }: Options) {
  const { t } = useTranslation('checkout');
  const create = useCreatePayment();
  const [leaving, setLeaving] = useState(false);

  // Back from the payment page, the browser may show this page as it was left (back-forward cache):
  // the buttons must work again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = (orderId: string) =>
    create.mutate(orderId, {
      onSuccess: (session) => {
        if (!session?.url) {
          toast.error(t('toasts.noPaymentUrl'), { id: 'checkout-no-payment-url' });
          return;
        }
        setLeaving(true);
        goToPayment(session.url);
      },
      onError: (error) => {
        if (codeOf(error) === 'PAYMENT_NOT_RETRYABLE') {
          toast.info(t('toasts.alreadyPaid'), { id: 'checkout-already-paid' });
          onAlreadyPaid();
          return;
        }
        const message =
          kind === 'retry' && !isSessionFailure(error) ? t('toasts.retryFailed') : t('toasts.paymentFailed');
        toast.error(message, { id: 'checkout-payment-failed' });
      },
    });

  return { start, processing: create.isPending || leaving };
}
