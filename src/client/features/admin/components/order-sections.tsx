import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminOrderDetail } from '../../../../shared/contracts/admin';
import { joinNames } from '../../../../shared/domain/cast';
import { isBookStatus } from '../../../../shared/domain/status-tones';
import { LANGUAGES } from '../../../../shared/i18n';
import { useLanguage } from '../../../components/layout/use-language';
import { countryName, formatBasisPoints, formatDateTime, formatMoney } from '../../../lib/format';
import { OrderBadge } from './badges';
import { BookPages } from './book-pages';

/** The order page's sections (issue 17), each reading what it shows from the order's detail. */

type Detail = { detail: AdminOrderDetail };

/** The texts and formats every section uses: its namespaces, money and moments in the console's language. */
function useOrderTexts() {
  const { t } = useTranslation(['admin', 'profile', 'checkout']);
  const { language } = useLanguage();
  const money = (cents: number) => formatMoney(cents, language);
  const when = (iso: string) => formatDateTime(iso, language);
  return { t, language, money, when };
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
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

/** A tracking number, linked to the carrier's page when there is one. */
function Tracking({ number, url }: { number: string; url: string | null }) {
  return url ? (
    <a href={url} className="underline underline-offset-4" rel="noreferrer" target="_blank">
      {number}
    </a>
  ) : (
    number
  );
}

/** Who ordered, where the book goes, and each gift copy's own address, language and dedication. */
export function CustomerSection({ detail: { order } }: Detail) {
  const { t, language } = useOrderTexts();
  return (
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
              <GiftCopy key={gift.position} gift={gift} />
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

function GiftCopy({ gift }: { gift: AdminOrderDetail['order']['copyGifts'][number] }) {
  const { t, language } = useOrderTexts();
  return (
    <li>
      <p className="font-semibold">
        {t('order.giftCopy', { position: gift.position })} · {t(`order.giftStatuses.${gift.status}`)}
      </p>
      {gift.shipTo ? (
        <address className="not-italic">
          {gift.shipTo.firstName} {gift.shipTo.lastName}, {gift.shipTo.address}, {gift.shipTo.postalCode}{' '}
          {gift.shipTo.city}
          {gift.shipTo.region ? ` ${gift.shipTo.region}` : ''}, {countryName(gift.shipTo.country, language)}
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
          <Tracking number={gift.trackingNumber} url={gift.trackingUrl} />
        </p>
      )}
    </li>
  );
}

/** The quote's lines, shipping, VAT and total, what was paid and what was given back. */
export function LinesSection({ detail }: Detail) {
  const { t, language, money } = useOrderTexts();
  const { order } = detail;
  return (
    <Section title={t('order.lines')}>
      <dl className="flex flex-col">
        {order.quote.lines.map((line) => (
          <div key={line.productKey} className="flex justify-between gap-4 py-1">
            <dt>
              {line.quantity} ×{' '}
              {line.itemType === 'extra_child'
                ? t('checkout:summary.lines.extra_child', {
                    count: line.quantity,
                    children: joinNames(order.extraChildren ?? [], language),
                  })
                : t(`checkout:summary.lines.${line.productKey}` as 'checkout:summary.lines.softcover_book', {
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
  );
}

/** The book: its state, the version approved, and its every page. */
export function BookSection({ detail }: Detail) {
  const { t, when } = useOrderTexts();
  const { order, book, can } = detail;
  if (!book) return null;
  return (
    <Section title={t('order.book')}>
      <p className="font-semibold">{book.title}</p>
      {book.cast && book.cast.length > 0 && (
        <div>
          <h3 className="font-bold">{t('order.cast')}</h3>
          <ul className="flex flex-col">
            {book.cast.map((member, index) => (
              // Names may repeat (two friends called Leo): the position keys them.
              // biome-ignore lint/suspicious/noArrayIndexKey: the cast's order is fixed, the lead first
              <li key={index}>
                <span className="font-semibold">{member.name}</span>
                {[
                  member.age !== null ? t('order.castAge', { count: member.age }) : null,
                  t(`order.castGenders.${member.gender}`),
                  member.toy ? t('order.castToy', { toy: member.toy }) : null,
                  member.lead ? t('order.castLead') : null,
                ]
                  .filter(Boolean)
                  .map((part) => ` · ${part}`)
                  .join('')}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p>
        {t('order.bookStatus', {
          status: isBookStatus(book.status) ? t(`profile:books.statuses.${book.status}`) : book.status,
        })}
      </p>
      <p>
        {book.approvedVersion !== null
          ? t('order.approvedVersion', {
              number: book.approvedVersion,
              date: when(
                book.versions.find((version) => version.number === book.approvedVersion)?.approvedAt ??
                  order.createdAt,
              ),
            })
          : t('order.noApprovedVersion')}
        {' · '}
        {t('order.versions', { count: book.versions.length })}
      </p>
      <BookPages
        orderId={order.id}
        bookInstanceId={book.id}
        reviewing={detail.printReview === 'waiting'}
        canRedraw={can.redrawPage}
      />
    </Section>
  );
}

/** What the payment provider said, and the refunds. */
export function PaymentsSection({ detail }: Detail) {
  const { t, money, when } = useOrderTexts();
  return (
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
  );
}

/** The print job, the tracking, and what the printer reported. */
export function PrinterSection({ detail }: Detail) {
  const { t, when } = useOrderTexts();
  const { order } = detail;
  return (
    <Section title={t('order.printer')}>
      <p className="font-semibold">
        {detail.printJobId ? t('order.printJob', { id: detail.printJobId }) : t('order.noPrintJob')}
      </p>
      {order.trackingNumber && (
        <p>
          <span className="block text-sm font-bold text-ink-700">{t('profile:orders.tracking')}</span>
          <Tracking number={order.trackingNumber} url={order.trackingUrl} />
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
  );
}

/** The order's background work: the e-mails sent, the printing, the refunds, with the last error. */
export function JobsSection({ detail }: Detail) {
  const { t, when } = useOrderTexts();
  return (
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
  );
}

/** What happened to the order, oldest first, with each operator's reason. */
export function TimelineSection({ detail }: Detail) {
  const { t, money, when } = useOrderTexts();
  return (
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
  );
}

/** The customer's other orders, each a link to its own page. */
export function OtherOrdersSection({ detail }: Detail) {
  const { t, money, when } = useOrderTexts();
  return (
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
