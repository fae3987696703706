import { useTranslation } from 'react-i18next';
import {
  isOrderStatus,
  isPaymentStatus,
  orderTone,
  paymentTone,
} from '../../../../shared/domain/status-tones';
import { ToneBadge } from '../../../components/ui/tone-badge';

/** An order's status in the colours the customer's profile uses. */
export function OrderBadge({ status }: { status: string }) {
  const { t } = useTranslation(['admin', 'profile']);
  return (
    <ToneBadge tone={orderTone(status)} label={t('admin:orders.columns.status')}>
      {isOrderStatus(status) ? t(`profile:orders.statuses.${status}`) : status}
    </ToneBadge>
  );
}

/** An order's payment status. */
export function PaymentBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return (
    <ToneBadge tone={paymentTone(status)} label={t('orders.columns.payment')}>
      {isPaymentStatus(status) ? t(`paymentStatuses.${status}`) : status}
    </ToneBadge>
  );
}

/** An order held before print. */
export function HeldBadge() {
  const { t } = useTranslation('admin');
  return (
    <ToneBadge tone="purple" label={t('orders.columns.status')}>
      {t('orders.held')}
    </ToneBadge>
  );
}
