import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import {
  bookTone,
  isBookStatus,
  isOrderStatus,
  orderTone,
  TONE_CLASSES,
  type Tone,
} from '../lib/status-tones';

function ToneBadge({ tone, label, children }: { tone: Tone; label: string; children: ReactNode }) {
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1 text-sm font-extrabold ring-1',
        TONE_CLASSES[tone],
      )}
    >
      <span className="sr-only">{label}: </span>
      {children}
    </span>
  );
}

/** A book's status in its colour; a book being created turns a spinner (SPEC.md section 4). */
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
