import { ArrowLeft, Clock, Eye, PauseCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminOrderDetail } from '../../../../shared/contracts/admin';
import { graceOpen } from '../../../../shared/domain/orders';
import { refundsOwnPayment } from '../../../../shared/domain/statuses';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useLanguage } from '../../../components/layout/use-language';
import { Button } from '../../../components/ui/button';
import { isNotFound } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { type AdminAction, useAdminOrder } from '../api/admin-api';
import { ACTION_TEXTS, ActionDialog } from './action-dialog';
import { AdminShell } from './admin-shell';
import { HeldBadge, OrderBadge, PaymentBadge } from './badges';
import { LoadFailed } from './load-failed';
import {
  BookSection,
  CustomerSection,
  JobsSection,
  LinesSection,
  OtherOrdersSection,
  PaymentsSection,
  PrinterSection,
  Section,
  TimelineSection,
} from './order-sections';

/** /admin/orders/{id}: everything about one order, and what can be done to it. */
export function OrderPage({ orderId }: { orderId: string }) {
  return (
    <AdminShell>
      <OrderContent orderId={orderId} />
    </AdminShell>
  );
}

function OrderContent({ orderId }: { orderId: string }) {
  const { t } = useTranslation('admin');
  const order = useAdminOrder(orderId);
  useDocumentTitle(t('meta.order', { number: order.data?.order.orderNumber ?? '' }));
  if (order.isPending) return <p className="py-10 text-center text-ink-700">{t('loading')}</p>;
  if (order.isError) {
    if (isNotFound(order.error)) return <p className="py-10 text-center text-lg">{t('order.notFound')}</p>;
    return <LoadFailed onRetry={() => void order.refetch()} />;
  }
  return <OrderView detail={order.data} />;
}

function OrderView({ detail }: { detail: AdminOrderDetail }) {
  return (
    <div className="flex flex-col gap-6">
      <OrderHeader detail={detail} />
      <OrderActions detail={detail} />

      <div className="grid gap-6 lg:grid-cols-2">
        <CustomerSection detail={detail} />
        <LinesSection detail={detail} />
      </div>

      <BookSection detail={detail} />

      <div className="grid gap-6 lg:grid-cols-2">
        <PaymentsSection detail={detail} />
        <PrinterSection detail={detail} />
      </div>

      <JobsSection detail={detail} />
      <TimelineSection detail={detail} />
      <OtherOrdersSection detail={detail} />
    </div>
  );
}

/** The way back to the list, the order's number and states, and whether it waits or is held. */
function OrderHeader({ detail }: { detail: AdminOrderDetail }) {
  const { t } = useTranslation(['admin', 'profile', 'checkout']);
  const { language } = useLanguage();
  const { order } = detail;
  const when = (iso: string) => formatDateTime(iso, language);
  return (
    <>
      <Link
        to="/admin/orders"
        className="inline-flex items-center gap-2 self-start font-bold underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
        {t('order.back')}
      </Link>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold break-all sm:text-4xl">{order.orderNumber}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <OrderBadge status={order.status} />
          <PaymentBadge status={order.paymentStatus} />
          {detail.held && <HeldBadge />}
          <span className="text-ink-700">{t('order.placed', { date: when(order.createdAt) })}</span>
        </div>
        {detail.printReview === 'waiting' && (
          <p className="mt-2 flex items-start gap-2 rounded-2xl bg-yellow-50 p-3 font-semibold text-yellow-900 ring-1 ring-yellow-300">
            <Eye aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {t('order.reviewWaiting')}
          </p>
        )}
        {detail.printReview === 'approved' && <p className="text-ink-700">{t('order.reviewApproved')}</p>}
        {order.printAfter && graceOpen(order, new Date()) && (
          <p className="flex items-start gap-2 text-ink-700">
            <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {t('order.grace', { time: when(order.printAfter) })}
          </p>
        )}
        {detail.held && (
          <p className="mt-2 flex items-start gap-2 rounded-2xl bg-purple-50 p-3 font-semibold text-purple-900 ring-1 ring-purple-200">
            <PauseCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {t('order.held')}
          </p>
        )}
      </header>
    </>
  );
}

/** Cents an operator can still give back: what was paid less the operators' refunds not failed. */
function refundableOf(detail: AdminOrderDetail): number {
  return Math.max(
    0,
    detail.paidAmount -
      detail.refunds
        .filter((refund) => refundsOwnPayment(refund.reason) && refund.status !== 'failed')
        .reduce((sum, refund) => sum + refund.amount, 0),
  );
}

/** The actions the order allows now, in the console's order, each confirmed in its dialog. */
function actionsOf({ can, order }: AdminOrderDetail): AdminAction[] {
  return [
    ...(can.hold ? (['hold'] as const) : []),
    ...(can.release ? (['release'] as const) : []),
    ...(can.printNow ? (['print-now'] as const) : []),
    ...(can.refund ? (['refund'] as const) : []),
    ...(can.markShipped ? (['ship'] as const) : []),
    ...(can.markDelivered ? (['deliver'] as const) : []),
    ...(can.retryBook ? (['retry-book'] as const) : []),
    ...(can.resubmitPrint ? (['resubmit-print'] as const) : []),
    ...(can.approvePrint ? (['approve-print'] as const) : []),
    ...(can.correctAddress ? (['address'] as const) : []),
    ...(order.paidAt ? (['resend-email'] as const) : []),
    'notes',
    ...(can.cancel ? (['cancel'] as const) : []),
  ];
}

function OrderActions({ detail }: { detail: AdminOrderDetail }) {
  const { t } = useTranslation(['admin', 'profile', 'checkout']);
  const [open, setOpen] = useState<AdminAction | null>(null);
  return (
    <>
      <Section title={t('order.actions')}>
        <div className="flex flex-wrap gap-2">
          {actionsOf(detail).map((action) => (
            <Button
              key={action}
              variant={action === 'cancel' ? 'ghost' : action === 'approve-print' ? 'primary' : 'secondary'}
              size="sm"
              onClick={() => setOpen(action)}
            >
              {t(`actions.${ACTION_TEXTS[action]}.button` as 'actions.hold.button')}
            </Button>
          ))}
        </div>
      </Section>
      {open && (
        <ActionDialog
          orderId={detail.order.id}
          action={open}
          refundable={refundableOf(detail)}
          shipping={detail.order.shipping}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
