import {
  ArrowLeft,
  BookHeart,
  CircleCheck,
  CircleX,
  Clock,
  FileText,
  House,
  Loader2,
  Mail,
  Package,
  Printer,
  RotateCcw,
  SearchX,
  Sparkles,
  TrendingUp,
  Truck,
} from 'lucide-react';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { SUPPORT } from '../../../../shared/constants';
import type { Order } from '../../../../shared/contracts/checkout';
import { castWordsContext } from '../../../../shared/domain/cast';
import {
  deliveryWindow,
  formatDeliveryDay,
  PRINTING_BUSINESS_DAYS,
} from '../../../../shared/domain/shipping';
import { useSession } from '../../../components/auth/get-session';
import { signInPath } from '../../../components/auth/safe-redirect';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useLanguage } from '../../../components/layout/use-language';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton, SkeletonButton, SkeletonLine } from '../../../components/ui/skeleton';
import { statusOf } from '../../../lib/api-client';
import { countryName, formatDate, formatMoney } from '../../../lib/format';
import { shopReviewsBeforePrint } from '../../../lib/shop-settings';
import { useOrder } from '../api/get-order';
import { useStartPayment } from '../hooks/use-start-payment';
import { canRetryPayment, PAYMENT_POLL_MS, PAYMENT_POLL_WINDOW_MS } from '../lib/order-status';
import { GraceCard } from './grace-card';
import { OrderTimeline } from './order-timeline';
import { ReviewForm, StoredReview } from './review-form';
import { OrderStatusBadge, PaymentStatusBadge } from './status-badge';

const card = 'rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 ring-sand-300/70 sm:p-6';

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      {children}
    </div>
  );
}

/** Not found or not loaded: the message and the way back to the wizard. */
function LoadProblem({
  notFound,
  onRetry,
  retrying,
}: {
  notFound: boolean;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('checkout');
  const Icon = notFound ? SearchX : CircleX;
  return (
    <div role="alert" className={`${card} flex flex-col items-center px-6 py-12 text-center`}>
      <Icon aria-hidden="true" className="size-12 text-coral-600" />
      <h1 className="mt-4 text-2xl font-semibold sm:text-3xl">
        {notFound ? t('confirmation.notFoundTitle') : t('confirmation.loadFailedTitle')}
      </h1>
      <p className="mt-2 max-w-md text-ink-700">
        {notFound ? t('confirmation.notFound') : t('confirmation.loadFailed')}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {!notFound && (
          <Button size="lg" variant="secondary" onClick={onRetry} disabled={retrying}>
            <RotateCcw aria-hidden="true" className="size-5" />
            {t('confirmation.actions.tryAgain')}
          </Button>
        )}
        <Link to="/wizard" className={buttonClass({ size: 'lg' })}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t('confirmation.actions.backToWizard')}
        </Link>
      </div>
    </div>
  );
}

const HEADING_ICONS = {
  paid: CircleCheck,
  pending: Clock,
  failed: CircleX,
  refunded: RotateCcw,
  cancelled: RotateCcw,
} as const;

/**
 * What the heading says: the payment's state, except for a paid order the parent (or an operator)
 * cancelled whose refund has not come back yet: it is cancelled, not "confirmed" (issue 36).
 */
const headingOf = (order: Order) =>
  order.status === 'cancelled' && order.paymentStatus === 'paid' ? 'cancelled' : order.paymentStatus;

/** A refund goes back the way the parent paid: the card, or the TWINT account. */
const refundContext = (order: Order) => (order.paymentMethod === 'twint' ? 'twint' : undefined);

function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  const copies = order.grandparentCopies;
  const row = (label: string, value: ReactNode) => (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-sm font-bold text-ink-700 sm:w-40 sm:pt-0.5">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="order-details-title" className={card}>
      <h2 id="order-details-title" className="text-xl font-semibold">
        {t('confirmation.details')}
      </h2>
      <dl className="mt-4 flex flex-col gap-3">
        {row(t('confirmation.orderNumber'), <span className="font-bold">{order.orderNumber}</span>)}
        {row(
          t('confirmation.total'),
          <span className="font-bold tabular-nums">{formatMoney(order.quote.total, language)}</span>,
        )}
        {order.refundedAmount > 0 &&
          row(
            t('confirmation.refunded'),
            <span className="font-bold tabular-nums" data-testid="order-refunded">
              {formatMoney(order.refundedAmount, language)}
              <span className="block text-sm font-normal text-ink-700">
                {t('confirmation.refundedNote', { context: refundContext(order) })}
              </span>
            </span>,
          )}
        {row(
          t('confirmation.cover'),
          <>
            {t(`coverTypes.${order.coverType}`)}
            {copies.count > 0 && (
              <span className="block text-sm text-ink-700">
                {t('confirmation.copies', {
                  count: copies.count,
                  cover: t(`coverTypes.${copies.coverType}`),
                })}
              </span>
            )}
          </>,
        )}
        {row(t('confirmation.date'), formatDate(order.createdAt, language))}
        {row(
          t('confirmation.customer'),
          <>
            <span className="block">
              {order.customer.firstName} {order.customer.lastName}
            </span>
            <span className="block break-all">{order.customer.email}</span>
          </>,
        )}
        {row(
          t('confirmation.shippingAddress'),
          <address className="not-italic">
            <span className="block">{order.shipping.address}</span>
            <span className="block">
              {order.shipping.postalCode} {order.shipping.city}
              {order.shipping.region ? ` ${order.shipping.region}` : ''}
            </span>
            <span className="block">{countryName(order.shipping.country, language)}</span>
          </address>,
        )}
        {order.copyGifts.map((gift) => (
          <Fragment key={gift.position}>
            {row(
              t('confirmation.giftCopy', { copy: gift.position }),
              <span className="block">
                {gift.shipTo ? (
                  <span className="block">
                    {t('confirmation.giftTo', {
                      name: `${gift.shipTo.firstName} ${gift.shipTo.lastName}`,
                      city: gift.shipTo.city,
                      country: countryName(gift.shipTo.country, language),
                    })}
                  </span>
                ) : (
                  <span className="block">{t('confirmation.giftWithBook')}</span>
                )}
                {(gift.language || gift.dedication) && (
                  <span className="block text-sm text-ink-700">
                    {[
                      gift.language
                        ? t('confirmation.giftLanguage', { language: t(`gifts.languages.${gift.language}`) })
                        : '',
                      gift.dedication ? t('confirmation.giftDedication') : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                )}
                {gift.shipTo && gift.status !== 'pending' && (
                  <span className="block text-sm text-ink-700">
                    {t(`confirmation.giftStatus.${gift.status}`)}
                    {gift.trackingNumber && (
                      <>
                        {' · '}
                        {gift.trackingUrl ? (
                          <a href={gift.trackingUrl} target="_blank" rel="noreferrer" className="underline">
                            {gift.trackingNumber}
                          </a>
                        ) : (
                          gift.trackingNumber
                        )}
                      </>
                    )}
                  </span>
                )}
              </span>,
            )}
          </Fragment>
        ))}
      </dl>
      {order.paidAt && (
        <a
          href={`/api/orders/${encodeURIComponent(order.id)}/receipt`}
          target="_blank"
          rel="noopener"
          className="mt-5 inline-flex items-center gap-2 font-bold text-coral-700 underline underline-offset-4 hover:text-coral-600"
        >
          <FileText aria-hidden="true" className="size-5" />
          {t('confirmation.receipt')}
        </a>
      )}
    </section>
  );
}

function NextSteps({ order }: { order: Order }) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  // From the payment (else the order): printing, then the carrier, in working days.
  const delivery = deliveryWindow(
    new Date(order.paidAt ?? order.createdAt),
    order.shipping.country,
    order.quote.shippingLevel,
  );
  const items = [
    {
      key: 'prepare',
      icon: Sparkles,
      // "Checked by our team" only where a person does look (REVIEW_BEFORE_PRINT); the words agree
      // with the book's child or children (issue 36: "la tua bambina", "her cuddly toy").
      text: shopReviewsBeforePrint()
        ? t('confirmation.nextSteps.prepare.textReviewed', { context: castWordsContext(order.cast) })
        : t('confirmation.nextSteps.prepare.text', { context: castWordsContext(order.cast) }),
    },
    {
      key: 'print',
      icon: Printer,
      text: t('confirmation.nextSteps.print.text', {
        min: PRINTING_BUSINESS_DAYS.min,
        max: PRINTING_BUSINESS_DAYS.max,
      }),
    },
    {
      key: 'ship',
      icon: Truck,
      text: t('confirmation.nextSteps.ship.text', {
        country: countryName(order.shipping.country, language),
        express: order.quote.shippingLevel === 'express' ? t('confirmation.nextSteps.ship.express') : '',
        earliest: formatDeliveryDay(delivery.earliest, language),
        latest: formatDeliveryDay(delivery.latest, language),
      }),
    },
  ] as const;
  return (
    <section aria-labelledby="next-steps-title" className={card}>
      <h2 id="next-steps-title" className="text-xl font-semibold">
        {t('confirmation.nextSteps.title')}
      </h2>
      <ol className="mt-4 grid gap-4 md:grid-cols-3">
        {items.map(({ key, icon: Icon, text }) => (
          <li key={key} className="flex gap-3 md:flex-col">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-coral-100 text-coral-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h3 className="font-sans text-base font-extrabold">
                {t(`confirmation.nextSteps.${key}.title`)}
              </h3>
              <p className="mt-0.5 text-ink-700">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function SupportCard({ orderNumber }: { orderNumber: string }) {
  const { t } = useTranslation('checkout');
  const href = `mailto:${SUPPORT.email}?subject=${encodeURIComponent(t('confirmation.support.subject', { number: orderNumber }))}`;
  return (
    <section aria-labelledby="support-title" className={`${card} flex gap-4 bg-lavender-100`}>
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-coral-700">
        <Mail aria-hidden="true" className="size-5" />
      </span>
      <div>
        <h2 id="support-title" className="text-xl font-semibold">
          {t('confirmation.support.title')}
        </h2>
        <p className="mt-1 text-ink-700">
          <Trans
            t={t}
            i18nKey="confirmation.support.text"
            values={{ email: SUPPORT.email, hours: SUPPORT.replyHours }}
            components={{
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the address inside
              mail: <a href={href} className="font-bold text-coral-700 underline underline-offset-4" />,
            }}
          />
        </p>
      </div>
    </section>
  );
}

/**
 * The confirmation while the order loads: its cards in their places (heading, badges, total and
 * buttons; details beside the timeline; what happens next), taller than the window, so the footer
 * does not show and jump away (issue 19). Only "Loading your order…" is said.
 */
const DETAIL_ROWS = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'];

function ConfirmationSkeleton() {
  const { t } = useTranslation('checkout');
  return (
    <Frame>
      <p role="status" className="sr-only">
        {t('confirmation.loading')}
      </p>
      <div aria-hidden="true" data-testid="confirmation-skeleton" className="flex flex-col gap-6">
        <div className={`${card} flex flex-col gap-5 sm:p-8`}>
          <div className="flex flex-col items-start gap-4 sm:flex-row">
            <Skeleton className="size-14 shrink-0 rounded-full" />
            <div className="w-full min-w-0">
              <SkeletonLine className="text-3xl sm:text-4xl" width="w-4/5 sm:w-3/5" />
              {/* The heading takes two lines on a phone. */}
              <SkeletonLine className="text-3xl sm:hidden" width="w-3/5" />
              <SkeletonLine className="mt-2 sm:text-lg" />
              <SkeletonLine className="sm:text-lg" width="w-2/3" />
              <div className="mt-3" />
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <SkeletonLine width="w-40" />
            <div className="flex gap-2">
              <Skeleton className="h-7 w-24 rounded-full" />
              <Skeleton className="h-7 w-20 rounded-full" />
            </div>
          </div>
          <SkeletonLine className="font-display text-2xl" width="w-36" />
          <div className="flex flex-col gap-3 sm:flex-row">
            <SkeletonButton size="lg" className="sm:w-60" />
            <SkeletonButton size="lg" className="sm:w-52" />
          </div>
        </div>
        <div className="grid gap-6 md:grid-cols-2 md:items-start">
          {/* The order's details (a label above or beside each value) beside its timeline. */}
          <div className={card}>
            <SkeletonLine className="text-xl" width="w-1/2" />
            <div className="mt-4 flex flex-col gap-3">
              {DETAIL_ROWS.map((row) => (
                <div key={row} className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
                  <SkeletonLine className="shrink-0 text-sm sm:w-40 sm:pt-0.5" width="w-24" />
                  <SkeletonLine className="min-w-0 flex-1" width="w-2/3" />
                </div>
              ))}
            </div>
          </div>
          <div className={card}>
            <SkeletonLine className="text-xl" width="w-1/2" />
            <div className="mt-4 flex flex-col gap-3">
              {DETAIL_ROWS.slice(0, 5).map((row) => (
                <div key={row} className="flex items-center gap-3">
                  <Skeleton className="size-8 shrink-0 rounded-full" />
                  <SkeletonLine className="flex-1" width="w-2/3" />
                </div>
              ))}
            </div>
          </div>
        </div>
        <div className={card}>
          <SkeletonLine className="text-xl" width="w-1/3" />
          <div className="mt-4 grid gap-4 md:grid-cols-3">
            {[0, 1, 2].map((key) => (
              <div key={key} className="flex gap-3 md:flex-col">
                <Skeleton className="size-11 shrink-0 rounded-full" />
                <div className="w-full">
                  <SkeletonLine width="w-1/2" />
                  <SkeletonLine className="mt-0.5" />
                  <SkeletonLine width="w-3/4" />
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
    </Frame>
  );
}

/** The order's heading card: paid or not, its number and states, its total, and where to go next. */
function ConfirmationHeading({
  order,
  confirming,
  justPaid,
  retry,
}: {
  order: Order;
  /** The payment is still pending just after the payment page: the page is reading it again. */
  confirming: boolean;
  justPaid: boolean;
  retry: ReturnType<typeof useStartPayment>;
}) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  const heading = headingOf(order);
  const HeadingIcon = HEADING_ICONS[heading];
  const paid = heading === 'paid';
  return (
    <section aria-labelledby="confirmation-title" className={`${card} flex flex-col gap-5 sm:p-8`}>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        <span
          className={
            paid
              ? 'inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-green-100 text-green-800'
              : 'inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-coral-100 text-coral-700'
          }
        >
          <HeadingIcon aria-hidden="true" className="size-7" />
        </span>
        <div className="min-w-0">
          <h1 id="confirmation-title" className="text-3xl font-semibold sm:text-4xl">
            {t(`confirmation.heading.${heading}`)}
          </h1>
          <p className="mt-2 text-ink-700 sm:text-lg">
            {t(`confirmation.lead.${heading}`, { context: refundContext(order) })}
          </p>
          <div role="status" aria-live="polite" className="mt-3">
            {confirming && (
              <p className="flex items-center gap-2 font-semibold text-ink-700">
                <Loader2 aria-hidden="true" className="size-5 text-coral-600 motion-safe:animate-spin" />
                {t('confirmation.confirming')}
              </p>
            )}
            {justPaid && <p className="font-semibold text-green-800">{t('confirmation.confirmed')}</p>}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p>
          <span className="text-ink-700">{t('confirmation.orderNumberLabel')} </span>
          <span className="font-extrabold">{order.orderNumber}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <OrderStatusBadge status={order.status} />
          <PaymentStatusBadge status={order.paymentStatus} />
        </div>
      </div>
      <p className="flex items-baseline gap-2">
        <span className="text-ink-700">{t('confirmation.totalLabel')} </span>
        <span className="font-display text-2xl font-semibold tabular-nums">
          {formatMoney(order.quote.total, language)}
        </span>
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {canRetryPayment(order.paymentStatus) && (
          <Button size="lg" disabled={retry.processing} onClick={() => retry.start(order.id)}>
            {retry.processing ? (
              <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
            ) : (
              <RotateCcw aria-hidden="true" className="size-5" />
            )}
            {retry.processing ? t('confirmation.actions.retrying') : t('confirmation.actions.retryPayment')}
          </Button>
        )}
        {paid && (
          <Link to="/profile" className={buttonClass({ size: 'lg' })}>
            <TrendingUp aria-hidden="true" className="size-5" />
            {t('confirmation.actions.track')}
          </Link>
        )}
        <Link to="/" className={buttonClass({ size: 'lg', variant: 'secondary' })}>
          <House aria-hidden="true" className="size-5" />
          {t('confirmation.actions.home')}
        </Link>
      </div>
    </section>
  );
}

/**
 * /order-confirmation/{orderId}: the order, its status and payment, what happens next and help. While
 * the payment is still pending just after the payment page, it reads the order every 2 seconds for
 * about 30 seconds, so the page turns to 'paid' as soon as the provider's notification lands.
 */
export function ConfirmationPage({ orderId }: { orderId: string }) {
  const { t } = useTranslation('checkout');
  const location = useLocation();
  const session = useSession();
  const [polling, setPolling] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setPolling(false), PAYMENT_POLL_WINDOW_MS);
    return () => clearTimeout(timer);
  }, []);
  const query = useOrder(orderId, {
    enabled: session.isSignedIn,
    refetchInterval: (order) => (polling && order?.paymentStatus === 'pending' ? PAYMENT_POLL_MS : false),
  });
  const order = query.data;
  const paymentStatus = order?.paymentStatus;

  // Pending -> paid while the page is open: say so.
  const previousStatus = useRef(paymentStatus);
  const [justPaid, setJustPaid] = useState(false);
  useEffect(() => {
    if (previousStatus.current === 'pending' && paymentStatus === 'paid') setJustPaid(true);
    previousStatus.current = paymentStatus;
  }, [paymentStatus]);

  const retry = useStartPayment({ kind: 'retry', onAlreadyPaid: () => void query.refetch() });

  useDocumentTitle(
    order ? t('confirmation.metaTitle', { number: order.orderNumber }) : t('confirmation.metaTitleLoading'),
  );

  if (!session.isLoading && !session.isSignedIn) {
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  }
  if (query.isError && statusOf(query.error) === 401) {
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  }
  if (query.isError) {
    const status = statusOf(query.error);
    return (
      <Frame>
        <LoadProblem
          notFound={status === 404 || status === 400}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Frame>
    );
  }
  if (!order) return <ConfirmationSkeleton />;

  const confirming = polling && order.paymentStatus === 'pending';

  return (
    <Frame>
      <ConfirmationHeading order={order} confirming={confirming} justPaid={justPaid} retry={retry} />
      <GraceCard order={order} />

      <div className="grid gap-6 md:grid-cols-2 md:items-start">
        <OrderDetails order={order} />
        {order.status === 'cancelled' ? (
          <section className={card}>
            <h2 className="flex items-center gap-2 text-xl font-semibold">
              <Package aria-hidden="true" className="size-5 text-coral-700" />
              {t('confirmation.cancelledTitle')}
            </h2>
            <p className="mt-2 text-ink-700">{t('confirmation.cancelledText')}</p>
          </section>
        ) : (
          <OrderTimeline order={order} />
        )}
      </div>

      {order.status === 'delivered' &&
        (order.review ? (
          <StoredReview review={order.review} />
        ) : (
          <ReviewForm orderId={order.id} onStale={() => void query.refetch()} />
        ))}
      {order.status !== 'delivered' && order.review && <StoredReview review={order.review} />}

      {/* A cancelled order has no next steps: nothing is printed or sent. */}
      {order.status !== 'cancelled' && <NextSteps order={order} />}
      <SupportCard orderNumber={order.orderNumber} />

      <div className="flex flex-col items-center gap-3 rounded-3xl bg-coral-100 px-6 py-8 text-center">
        <BookHeart aria-hidden="true" className="size-10 text-coral-700" />
        <h2 className="text-2xl font-semibold">{t('confirmation.another.title')}</h2>
        <p className="max-w-md text-ink-700">{t('confirmation.another.text')}</p>
        <Link to="/themes" className={buttonClass({ size: 'lg', className: 'mt-2' })}>
          <Sparkles aria-hidden="true" className="size-5" />
          {t('confirmation.actions.createAnother')}
        </Link>
      </div>
    </Frame>
  );
}
