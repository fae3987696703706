import { Package, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useProfileOrders } from '../api/get-profile-orders';
import { OrderCardSkeleton } from './card-skeletons';
import { LoadError } from './load-error';
import { OrderCard } from './order-card';
import type { ReviewFormComponent } from './review-dialog';
import { EmptyState, PagedList, TabIntro } from './tab-parts';

const LIST = 'flex flex-col gap-4';

function OrderSkeletons() {
  return [0, 1, 2].map((key) => <OrderCardSkeleton key={key} />);
}

/** Orders: the user's printed books, newest first, a page at a time ("Show more" for the next). */
export function OrdersTab({ ReviewForm }: { ReviewForm: ReviewFormComponent }) {
  const { t } = useTranslation('profile');
  const orders = useProfileOrders({ enabled: true });
  const list = orders.data?.pages.flatMap((page) => page.orders) ?? [];

  if (orders.isError && !orders.data) {
    return (
      <LoadError error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <TabIntro title={t('orders.title')} lead={t('orders.lead')} />
      {!orders.data ? (
        <>
          <p role="status" className="sr-only">
            {t('orders.loading')}
          </p>
          <ul className={LIST}>
            <OrderSkeletons />
          </ul>
        </>
      ) : list.length === 0 ? (
        <EmptyState icon={Package} title={t('orders.empty.title')} text={t('orders.empty.text')}>
          <Link to="/themes" className={buttonClass()}>
            <Sparkles aria-hidden="true" className="size-5" />
            {t('orders.empty.action')}
          </Link>
        </EmptyState>
      ) : (
        <PagedList
          items={list}
          className={LIST}
          renderItem={(order) => <OrderCard order={order} ReviewForm={ReviewForm} />}
          hasMore={orders.hasNextPage}
          loadingMore={orders.isFetchingNextPage}
          onShowMore={() => void orders.fetchNextPage()}
          showMoreLabel={t('orders.showMore')}
          loadingMoreLabel={t('orders.loadingMore')}
          placeholder={<OrderSkeletons />}
        />
      )}
    </div>
  );
}
