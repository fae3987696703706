import { Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { joinNames } from '../../../../shared/domain/cast';
import type { Quote } from '../../../../shared/domain/quote';
import { deliveryWindow, formatDeliveryDay } from '../../../../shared/domain/shipping';
import { useLanguage } from '../../../components/layout/use-language';
import { countryName, formatBasisPoints, formatMoney, formatPercent } from '../../../lib/format';

type OrderSummaryProps = {
  /** The client's quote while choosing (step 2), the server's once the order is saved (step 3). */
  quote: Quote | undefined;
  country: string;
  /** Gift copies sent to their own address: the recipient's first name by copy position. */
  recipients?: Record<number, string>;
  /** The names of the children beside the lead (issue 35), for the extra children's line. */
  extraChildren?: string[] | undefined;
};

/** The side panel: each line, subtotal, shipping with its delivery time, tax and total. */
export function OrderSummary({ quote, country, recipients = {}, extraChildren = [] }: OrderSummaryProps) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  const money = (cents: number) => formatMoney(cents, language);
  // The promise from today: the order is printed once it is paid.
  const window = quote ? deliveryWindow(new Date(), country, quote.shippingLevel) : undefined;
  const express = quote?.shippingLevel === 'express';

  return (
    <section
      aria-labelledby="order-summary-title"
      className="rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 ring-sand-300/70 sm:p-6"
    >
      <h2 id="order-summary-title" className="text-xl font-semibold">
        {t('summary.title')}
      </h2>
      {quote ? (
        <dl aria-live="polite" className="mt-4 flex flex-col gap-3">
          {quote.lines.map((line) => (
            <div key={line.productKey} className="flex items-start justify-between gap-4">
              <dt className="min-w-0">
                <span className="block font-semibold">
                  {line.itemType === 'extra_child'
                    ? t('summary.lines.extra_child', {
                        count: line.quantity,
                        children: joinNames(extraChildren, language),
                      })
                    : t(`summary.lines.${line.productKey}`)}
                </span>
                <span className="block text-sm text-ink-700">
                  {line.quantity > 1 || line.itemType === 'grandparent_copy'
                    ? t('summary.quantity', { count: line.quantity, price: money(line.unitPrice) })
                    : null}
                  {line.discountPercentage > 0 && (
                    <>
                      {line.quantity > 1 || line.itemType === 'grandparent_copy' ? ' · ' : ''}
                      {t('summary.discount', {
                        percent: formatPercent(line.discountPercentage, language, { fractionDigits: 2 }),
                      })}
                    </>
                  )}
                </span>
              </dt>
              <dd className="shrink-0 font-semibold tabular-nums">
                {/* An extra child the shop draws for nothing is said to be free. */}
                {line.itemType === 'extra_child' && line.totalPrice === 0
                  ? t('summary.free')
                  : money(line.totalPrice)}
              </dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 border-t border-sand-300 pt-3">
            <dt>{t('summary.subtotal')}</dt>
            <dd className="tabular-nums">{money(quote.subtotal)}</dd>
          </div>
          {quote.discount > 0 && (
            <div className="flex justify-between gap-4 font-semibold text-green-800">
              <dt>{t('summary.promo', { code: quote.promoCode ?? '' })}</dt>
              <dd className="tabular-nums">−{money(quote.discount)}</dd>
            </div>
          )}
          <div className="flex items-start justify-between gap-4">
            <dt className="min-w-0">
              <span className="block">
                {t(
                  // Beside the gifts' own parcels, the buyer's is named as theirs.
                  quote.parcels.length > 1
                    ? quote.shippingLevel === 'express'
                      ? 'summary.ownParcelExpress'
                      : 'summary.ownParcel'
                    : quote.shippingLevel === 'express'
                      ? 'summary.shippingExpress'
                      : 'summary.shipping',
                  { country: countryName(country, language) },
                )}
              </span>
              <span className="flex items-center gap-1.5 text-sm text-ink-700">
                <Truck aria-hidden="true" className="size-4 shrink-0" />
                {window &&
                  t('summary.delivery', {
                    earliest: formatDeliveryDay(window.earliest, language),
                    latest: formatDeliveryDay(window.latest, language),
                  })}
              </span>
            </dt>
            <dd className="shrink-0 tabular-nums">{money(quote.parcels[0]?.shipping ?? quote.shipping)}</dd>
          </div>
          {quote.parcels.slice(1).map((parcel) => (
            <div key={parcel.copy} className="flex items-start justify-between gap-4">
              <dt className="min-w-0">
                {/* Every parcel of the order goes at its level: a gift sent express says so. */}
                {recipients[parcel.copy]
                  ? t(express ? 'summary.giftShippingExpress' : 'summary.giftShipping', {
                      name: recipients[parcel.copy],
                      country: countryName(parcel.country, language),
                    })
                  : t(express ? 'summary.copyShippingExpress' : 'summary.copyShipping', {
                      copy: parcel.copy,
                      country: countryName(parcel.country, language),
                    })}
              </dt>
              <dd className="shrink-0 tabular-nums">{money(parcel.shipping)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4">
            <dt>{t('summary.tax', { rate: formatBasisPoints(quote.taxRateBasisPoints, language) })}</dt>
            <dd className="tabular-nums">{money(quote.tax)}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-4 border-t-2 border-ink-900/15 pt-3">
            <dt className="text-lg font-extrabold">{t('summary.total')}</dt>
            <dd className="font-display text-2xl font-semibold tabular-nums">{money(quote.total)}</dd>
          </div>
        </dl>
      ) : (
        <p role="alert" className="mt-4 font-semibold text-red-700">
          {t('summary.unavailable')}
        </p>
      )}
    </section>
  );
}
