import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import { isOrderStatus, isPaymentStatus, orderTone, paymentTone, type Tone } from '../lib/order-status';

const TONE_CLASSES: Record<Tone, string> = {
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  blue: 'bg-blue-100 text-blue-900 ring-blue-300',
  purple: 'bg-purple-100 text-purple-900 ring-purple-300',
  green: 'bg-green-100 text-green-900 ring-green-300',
  emerald: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
  grey: 'bg-ink-100 text-ink-900 ring-ink-900/15',
};

function ToneBadge({ tone, label, children }: { tone: Tone; label: string; children: string }) {
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-extrabold ring-1',
        TONE_CLASSES[tone],
      )}
    >
      <span className="sr-only">{label}: </span>
      {children}
    </span>
  );
}

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
