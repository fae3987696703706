import { Loader2, Package, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useProfileOrders } from '../api/get-profile-orders';
import { LoadError } from './load-error';
import { OrderCard } from './order-card';
import type { ReviewFormComponent } from './review-dialog';
import { EmptyState, TabIntro } from './tab-parts';

/** Orders: the user's printed books, newest first. */
export function OrdersTab({ ReviewForm }: { ReviewForm: ReviewFormComponent }) {
  const { t } = useTranslation('profile');
  const orders = useProfileOrders({ enabled: true });

  if (orders.isError && !orders.data) {
    return (
      <LoadError error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
    );
  }
  if (!orders.data) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-ink-700">
        <Loader2 aria-hidden="true" className="size-5 text-coral-600 motion-safe:animate-spin" />
        {t('loading')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <TabIntro title={t('orders.title')} lead={t('orders.lead')} />
      {orders.data.length === 0 ? (
        <EmptyState icon={Package} title={t('orders.empty.title')} text={t('orders.empty.text')}>
          <Link to="/themes" className={buttonClass()}>
            <Sparkles aria-hidden="true" className="size-5" />
            {t('orders.empty.action')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {orders.data.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} ReviewForm={ReviewForm} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
