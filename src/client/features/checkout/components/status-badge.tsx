import { useTranslation } from 'react-i18next';
import {
  isOrderStatus,
  isPaymentStatus,
  orderTone,
  paymentTone,
} from '../../../../shared/domain/status-tones';
import { ToneBadge } from '../../../components/ui/tone-badge';

/** The order's status in its colour (pending yellow … cancelled red, other grey). */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('checkout');
  return (
    <ToneBadge tone={orderTone(status)} label={t('confirmation.status')}>
      {isOrderStatus(status) ? t(`confirmation.statuses.${status}`) : status}
    </ToneBadge>
  );
}

/** The payment's status in its colour (pending yellow, paid green, failed red, refunded grey). */
export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('checkout');
  return (
    <ToneBadge tone={paymentTone(status)} label={t('confirmation.payment')}>
      {isPaymentStatus(status) ? t(`confirmation.paymentStatuses.${status}`) : status}
    </ToneBadge>
  );
}
