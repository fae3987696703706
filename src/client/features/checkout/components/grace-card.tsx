import { Clock, Loader2, MapPin, XCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Order } from '../../../../shared/contracts/checkout';
import { graceOpen } from '../../../../shared/domain/orders';
import { useLanguage } from '../../../components/layout/use-language';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { codeOf } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useCancelOrder } from '../api/change-order';

const AddressChangeDialog = lazy(() => import('./address-change-dialog'));

/** The page's clock, read again every half minute: the card goes when the grace period ends. */
function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** "Cancel the order", confirmed first: refunded in full, nothing printed. */
function CancelOrder({ order }: { order: Order }) {
  const { t } = useTranslation(['checkout', 'errors']);
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder(order.id);
  const code = codeOf(cancel.error);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) cancel.reset();
      }}
      title={t('confirmation.grace.cancelTitle')}
      description={t('confirmation.grace.cancelDescription', {
        amount: formatMoney(order.quote.total, language),
      })}
      dismissible={!cancel.isPending}
      trigger={
        <Button variant="ghost" size="sm">
          <XCircle aria-hidden="true" className="size-4" />
          {t('confirmation.grace.cancel')}
        </Button>
      }
    >
      {cancel.isError && (
        <ProblemAlert>
          {t(`errors:codes.${code ?? 'ORDER_CREATE_FAILED'}` as 'errors:codes.ORDER_GRACE_OVER', {
            defaultValue: t('confirmation.grace.failed'),
          })}
        </ProblemAlert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={cancel.isPending}>
          {t('confirmation.grace.keep')}
        </Button>
        <Button
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () => {
                toast.success(t('confirmation.grace.cancelled'));
                setOpen(false);
              },
            })
          }
        >
          {cancel.isPending && <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />}
          {t('confirmation.grace.confirmCancel')}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * The grace period after payment (issue 36): until when the book waits before the printer, and
 * the two things the parent may still do — change the delivery address, or cancel and be refunded.
 * Shown only while the period is open (the shared rule `graceOpen`, the server's too).
 */
export function GraceCard({ order }: { order: Order }) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  const now = useNow(30_000);
  const [changing, setChanging] = useState(false);
  if (!order.printAfter || !graceOpen(order, now)) return null;
  return (
    <section
      aria-labelledby="grace-title"
      className="flex flex-col gap-3 rounded-3xl bg-lavender-100 p-5 ring-1 ring-sand-300/70 sm:p-6"
    >
      <h2 id="grace-title" className="flex items-center gap-2 text-xl font-semibold">
        <Clock aria-hidden="true" className="size-5 text-coral-700" />
        {t('confirmation.grace.title')}
      </h2>
      <p className="text-ink-700">
        {t('confirmation.grace.text', { time: formatDateTime(order.printAfter, language) })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setChanging(true)}>
          <MapPin aria-hidden="true" className="size-4" />
          {t('confirmation.grace.changeAddress')}
        </Button>
        <CancelOrder order={order} />
      </div>
      {changing && (
        <Suspense fallback={null}>
          <AddressChangeDialog order={order} onClose={() => setChanging(false)} />
        </Suspense>
      )}
    </section>
  );
}
