import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useSession } from '../../../components/auth/get-session';
import { signInPath } from '../../../components/auth/safe-redirect';
import { statusOf } from '../../../lib/api-client';
import { useCheckout } from '../api/get-checkout';
import { AbandonedDraft } from './abandoned-draft';
import { CheckoutFlow } from './checkout-flow';
import { CheckoutShell } from './checkout-shell';
import { CheckoutSkeleton } from './checkout-skeleton';

/**
 * /checkout/{bookInstanceId}: needs sign-in (and comes back here after it); an unknown or foreign
 * book goes back to the wizard with a toast; a book already paid shows its order instead.
 */
export function CheckoutPage({ bookInstanceId }: { bookInstanceId: string }) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const checkout = useCheckout(bookInstanceId, { enabled: session.isSignedIn });
  const here = `${location.pathname}${location.search}`;
  const failedStatus = checkout.isError ? (statusOf(checkout.error) ?? 0) : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failure, not per address change
  useEffect(() => {
    if (failedStatus === undefined) return;
    if (failedStatus === 401) {
      void navigate(signInPath(here), { replace: true });
      return;
    }
    // 400: not an id the server knows the shape of; to the buyer that is the same as unknown.
    const notFound = failedStatus === 404 || failedStatus === 400;
    toast.error(notFound ? t('toasts.notFound') : t('toasts.loadFailed'), { id: 'checkout-load-failed' });
    void navigate('/wizard', { replace: true });
  }, [failedStatus]);

  if (!session.isLoading && !session.isSignedIn) return <Navigate to={signInPath(here)} replace />;
  if (checkout.data?.paidOrderId) {
    return <Navigate to={`/order-confirmation/${encodeURIComponent(checkout.data.paidOrderId)}`} replace />;
  }
  if (!checkout.data) {
    return <CheckoutSkeleton bookInstanceId={bookInstanceId} />;
  }
  if (checkout.data.bookInstance.status === 'abandoned') {
    return (
      <CheckoutShell>
        <AbandonedDraft bookType={checkout.data.bookInstance.bookType} />
      </CheckoutShell>
    );
  }
  return <CheckoutFlow key={bookInstanceId} context={checkout.data} />;
}
