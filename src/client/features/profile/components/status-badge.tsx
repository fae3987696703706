import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { bookTone, isBookStatus, isOrderStatus, orderTone } from '../../../../shared/domain/status-tones';
import { ToneBadge } from '../../../components/ui/tone-badge';

/** A book's status in its colour; a book being created turns a spinner (docs/spec.md section 4). */
export function BookStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('profile');
  return (
    <ToneBadge tone={bookTone(status)} label={t('books.statusLabel')}>
      {status === 'rendering' && (
        <Loader2
          aria-hidden="true"
          data-testid="rendering-spinner"
          className="size-4 motion-safe:animate-spin"
        />
      )}
      {isBookStatus(status) ? t(`books.statuses.${status}`) : status}
    </ToneBadge>
  );
}

/** An order's status in its colour (pending yellow … cancelled red, other grey). */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('profile');
  return (
    <ToneBadge tone={orderTone(status)} label={t('orders.statusLabel')}>
      {isOrderStatus(status) ? t(`orders.statuses.${status}`) : status}
    </ToneBadge>
  );
}
