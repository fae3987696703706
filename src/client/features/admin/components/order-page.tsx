import { ArrowLeft, Eye, PauseCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminOrderDetail } from '../../../../shared/contracts/admin';
import { isBookStatus } from '../../../../shared/domain/status-tones';
import { LANGUAGES } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useLanguage } from '../../../components/layout/use-language';
import { Button } from '../../../components/ui/button';
import { isNotFound } from '../../../lib/api-client';
import { countryName, formatBasisPoints, formatDateTime, formatMoney } from '../../../lib/format';
import { type AdminAction, useAdminOrder } from '../api/admin-api';
import { ACTION_TEXTS, ActionDialog } from './action-dialog';
import { AdminShell } from './admin-shell';
import { HeldBadge, OrderBadge, PaymentBadge } from './badges';
import { BookPages } from './book-pages';
import { LoadFailed } from './load-failed';

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

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="rounded-3xl bg-white p-4 ring-1 ring-sand-300/70 sm:p-6">
      <h2 id={id} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function OrderView({ detail }: { detail: AdminOrderDetail }) {
  const { t } = useTranslation(['admin', 'profile', 'checkout']);
  const { language } = useLanguage();
  const [open, setOpen] = useState<AdminAction | null>(null);
  const { order, can } = detail;
  const refundable = Math.max(
    0,
    detail.paidAmount -
      detail.refunds
        .filter((refund) => refund.reason === 'operator' && refund.status !== 'failed')
        .reduce((sum, refund) => sum + refund.amount, 0),
  );
  const actions: AdminAction[] = [
    ...(can.hold ? (['hold'] as const) : []),
    ...(can.release ? (['release'] as const) : []),
    ...(can.refund ? (['refund'] as const) : []),
    ...(can.markShipped ? (['ship'] as const) : []),
    ...(can.markDelivered ? (['deliver'] as const) : []),
    ...(can.retryBook ? (['retry-book'] as const) : []),
    ...(can.resubmitPrint ? (['resubmit-print'] as const) : []),
    ...(can.approvePrint ? (['approve-print'] as const) : []),
    ...(order.paidAt ? (['resend-email'] as const) : []),
    'notes',
    ...(can.cancel ? (['cancel'] as const) : []),
  ];
  const money = (cents: number) => formatMoney(cents, language);
  const when = (iso: string) => formatDateTime(iso, language);
  return (
    <div className="flex flex-col gap-6">
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
        {detail.held && (
          <p className="mt-2 flex items-start gap-2 rounded-2xl bg-purple-50 p-3 font-semibold text-purple-900 ring-1 ring-purple-200">
            <PauseCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {t('order.held')}
          </p>
        )}
      </header>

      <Section title={t('order.actions')}>
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => (
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
          orderId={order.id}
          action={open}
          refundable={refundable}
          onClose={() => setOpen(null)}
        />
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t('order.customer')}>
          <p className="font-semibold">
            {order.customer.firstName} {order.customer.lastName}
          </p>
          <p className="break-all">{order.customer.email}</p>
          {order.customer.phone && <p>{order.customer.phone}</p>}
          <h3 className="mt-4 font-bold">{t('order.shipTo')}</h3>
          <address className="not-italic">
            {order.shipping.address}
            <br />
            {order.shipping.postalCode} {order.shipping.city}
            {order.shipping.region ? ` ${order.shipping.region}` : ''}
            <br />
            {countryName(order.shipping.country, language)}
          </address>
          {order.copyGifts.length > 0 && (
            <>
              <h3 className="mt-4 font-bold">{t('order.giftCopies')}</h3>
              <ul className="flex flex-col gap-3">
                {order.copyGifts.map((gift) => (
                  <li key={gift.position}>
                    <p className="font-semibold">
                      {t('order.giftCopy', { position: gift.position })} ·{' '}
                      {t(`order.giftStatuses.${gift.status}`)}
                    </p>
                    {gift.shipTo ? (
                      <address className="not-italic">
                        {gift.shipTo.firstName} {gift.shipTo.lastName}, {gift.shipTo.address},{' '}
                        {gift.shipTo.postalCode} {gift.shipTo.city}
                        {gift.shipTo.region ? ` ${gift.shipTo.region}` : ''},{' '}
                        {countryName(gift.shipTo.country, language)}
                      </address>
                    ) : (
                      <p>{t('order.giftWithBook')}</p>
                    )}
                    {gift.language && (
                      <p>
                        {t('order.giftLanguage', {
                          language: LANGUAGES.find((entry) => entry.code === gift.language)?.name,
                        })}
                      </p>
                    )}
                    {gift.dedication && (
                      <p className="break-words">
                        {t('order.giftDedication', {
                          message: gift.dedication.message,
                          signature: gift.dedication.signature,
                        })}
                      </p>
                    )}
                    {gift.trackingNumber && (
                      <p>
                        {gift.trackingUrl ? (
                          <a
                            href={gift.trackingUrl}
                            className="underline underline-offset-4"
                            rel="noreferrer"
                            target="_blank"
                          >
                            {gift.trackingNumber}
                          </a>
                        ) : (
                          gift.trackingNumber
                        )}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Section>

        <Section title={t('order.lines')}>
          <dl className="flex flex-col">
            {order.quote.lines.map((line) => (
              <div key={line.productKey} className="flex justify-between gap-4 py-1">
                <dt>
                  {line.quantity} ×{' '}
                  {t(`checkout:summary.lines.${line.productKey}` as 'checkout:summary.lines.softcover_book', {
                    defaultValue: line.productKey,
                  })}
                </dt>
                <dd className="tabular-nums">{money(line.totalPrice)}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 border-t border-sand-300/70 py-1">
              <dt>{t('order.shipping')}</dt>
              <dd className="tabular-nums">{money(order.quote.shipping)}</dd>
            </div>
            <div className="flex justify-between gap-4 py-1">
              <dt>{t('order.tax', { rate: formatBasisPoints(order.quote.taxRateBasisPoints, language) })}</dt>
              <dd className="tabular-nums">{money(order.quote.tax)}</dd>
            </div>
            <div className="flex justify-between gap-4 py-1 font-bold">
              <dt>{t('order.total')}</dt>
              <dd className="tabular-nums">{money(order.quote.total)}</dd>
            </div>
            <div className="flex justify-between gap-4 py-1">
              <dt>{t('order.paid')}</dt>
              <dd className="tabular-nums">{money(detail.paidAmount)}</dd>
            </div>
            {detail.refundedAmount > 0 && (
              <div className="flex justify-between gap-4 py-1 text-coral-700">
                <dt>{t('order.refunded')}</dt>
                <dd className="tabular-nums" data-testid="refunded-amount">
                  −{money(detail.refundedAmount)}
                </dd>
              </div>
            )}
          </dl>
        </Section>
      </div>

      {detail.book && (
        <Section title={t('order.book')}>
          <p className="font-semibold">{detail.book.title}</p>
          <p>
            {t('order.bookStatus', {
              status: isBookStatus(detail.book.status)
                ? t(`profile:books.statuses.${detail.book.status}`)
                : detail.book.status,
            })}
          </p>
          <p>
            {detail.book.approvedVersion !== null
              ? t('order.approvedVersion', {
                  number: detail.book.approvedVersion,
                  date: when(
                    detail.book.versions.find((version) => version.number === detail.book?.approvedVersion)
                      ?.approvedAt ?? order.createdAt,
                  ),
                })
              : t('order.noApprovedVersion')}
            {' · '}
            {t('order.versions', { count: detail.book.versions.length })}
          </p>
          <BookPages
            orderId={order.id}
            bookInstanceId={detail.book.id}
            reviewing={detail.printReview === 'waiting'}
            canRedraw={can.redrawPage}
          />
        </Section>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t('order.payments')}>
          {detail.paymentEvents.length === 0 ? (
            <p className="text-ink-700">{t('order.noPayments')}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {detail.paymentEvents.map((event) => (
                <li key={event.id} className="text-sm">
                  <span className="font-mono break-all">{event.type}</span> → <strong>{event.outcome}</strong>
                  <span className="block text-ink-700">{when(event.receivedAt)}</span>
                </li>
              ))}
            </ul>
          )}
          {detail.refunds.length > 0 && (
            <>
              <h3 className="mt-4 font-bold">{t('order.refunds')}</h3>
              <ul className="flex flex-col gap-2">
                {detail.refunds.map((refund) => (
                  <li key={refund.id} className="text-sm">
                    <strong className="tabular-nums">{money(refund.amount)}</strong> ·{' '}
                    {t(`order.refundReasons.${refund.reason}`)} · {t(`order.refundStatuses.${refund.status}`)}
                    {refund.failure && <span className="block text-red-700">{refund.failure}</span>}
                    <span className="block text-ink-700">{when(refund.refundedAt ?? refund.createdAt)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Section>

        <Section title={t('order.printer')}>
          <p className="font-semibold">
            {detail.printJobId ? t('order.printJob', { id: detail.printJobId }) : t('order.noPrintJob')}
          </p>
          {order.trackingNumber && (
            <p>
              <span className="block text-sm font-bold text-ink-700">{t('profile:orders.tracking')}</span>
              {order.trackingUrl ? (
                <a
                  href={order.trackingUrl}
                  className="underline underline-offset-4"
                  rel="noreferrer"
                  target="_blank"
                >
                  {order.trackingNumber}
                </a>
              ) : (
                order.trackingNumber
              )}
            </p>
          )}
          {detail.printerEvents.length === 0 ? (
            <p className="mt-2 text-ink-700">{t('order.noPrinterEvents')}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2">
              {detail.printerEvents.map((event) => (
                <li key={`${event.receivedAt}-${event.status}`} className="text-sm">
                  <strong>{event.status}</strong>
                  {event.printJobId ? ` · ${event.printJobId}` : ''}
                  {event.message && <span className="block">{event.message}</span>}
                  <span className="block text-ink-700">{when(event.receivedAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <Section title={t('order.emailsAndJobs')}>
        <ul className="flex flex-col gap-2">
          {detail.jobs.map((job) => (
            <li key={job.id} className="text-sm">
              <strong>
                {job.email
                  ? t(`emails.${job.email}` as 'emails.orderPaid', { defaultValue: job.email })
                  : t(`queues.${job.queue}` as 'queues.print-book', { defaultValue: job.queue })}
              </strong>{' '}
              · {t(`order.jobStates.${job.state}` as 'order.jobStates.done', { defaultValue: job.state })} ·{' '}
              {t('order.attempts', { count: job.attempts })}
              {job.lastError && <span className="block break-words text-red-700">{job.lastError}</span>}
              <span className="block text-ink-700">{when(job.updatedAt)}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('order.timeline')}>
        <ol className="flex flex-col gap-3">
          {timelineOf(detail).map((entry) => (
            <li key={entry.key} className="text-sm" data-testid={entry.audit ? 'audit-entry' : undefined}>
              <strong>{entry.audit ? t(`audit.${entry.audit.action}`) : t(entry.label)}</strong>
              {entry.audit && <> {t('audit.by', { email: entry.audit.actorEmail })}</>}
              {entry.amount !== undefined && ` · ${money(entry.amount)}`}
              {typeof entry.audit?.details.trackingNumber === 'string' &&
                ` · ${entry.audit.details.trackingNumber}`}
              {entry.audit?.reason && (
                <span className="block whitespace-pre-line">
                  {t('audit.quote', { text: entry.audit.reason })}
                </span>
              )}
              <span className="block text-ink-700">{when(entry.at)}</span>
            </li>
          ))}
        </ol>
        {detail.audit.length === 0 && <p className="mt-3 text-ink-700">{t('order.noAudit')}</p>}
      </Section>

      <Section title={t('order.otherOrders')}>
        {detail.otherOrders.length === 0 ? (
          <p className="text-ink-700">{t('order.noOtherOrders')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {detail.otherOrders.map((other) => (
              <li key={other.id} className="flex flex-wrap items-center gap-2">
                <Link to={`/admin/orders/${other.id}`} className="font-bold underline underline-offset-4">
                  {other.orderNumber}
                </Link>
                <OrderBadge status={other.status} />
                <span className="text-sm text-ink-700">
                  {when(other.createdAt)} · {money(other.total)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

type TimelineEntry = {
  key: string;
  at: string;
  label: 'order.placedEvent' | 'order.paidEvent' | 'order.refundedEvent';
  audit?: AdminOrderDetail['audit'][number];
  amount?: number;
};

/** What happened to the order, oldest first: placed, paid, each operator action, each refund made. */
function timelineOf(detail: AdminOrderDetail): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    { key: 'placed', at: detail.order.createdAt, label: 'order.placedEvent' },
    ...(detail.order.paidAt
      ? [{ key: 'paid', at: detail.order.paidAt, label: 'order.paidEvent' as const }]
      : []),
    ...detail.audit.map((entry) => ({
      key: entry.id,
      at: entry.createdAt,
      label: 'order.placedEvent' as const,
      audit: entry,
      ...(typeof entry.details.amount === 'number' ? { amount: entry.details.amount } : {}),
    })),
    ...detail.refunds
      .filter((refund) => refund.refundedAt !== null)
      .map((refund) => ({
        key: `refund-${refund.id}`,
        at: refund.refundedAt ?? refund.createdAt,
        label: 'order.refundedEvent' as const,
        amount: refund.amount,
      })),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}
