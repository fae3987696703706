import { Lock, Pencil } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '../../../../shared/contracts/checkout';
import { useLanguage } from '../../../components/layout/use-language';
import { Button } from '../../../components/ui/button';
import { countryName, formatMoney } from '../../../lib/format';

type StepPaymentProps = {
  order: Order;
  agreeTerms: boolean;
  agreePrivacy: boolean;
  onAgreeChange: (change: { agreeTerms?: boolean; agreePrivacy?: boolean }) => void;
  processing: boolean;
  /** The id of the "tick both boxes" hint, which describes the step bar's Pay button. */
  hintId: string;
  onEditDetails: () => void;
  /** The promo code's field (checkout-flow applies a code by saving the order with it). */
  promo: ReactNode;
};

const linkClass = 'font-bold text-coral-700 underline underline-offset-4 hover:text-coral-600';

/** Step 3: a last look at the order, the two agreements and the total; the step bar pays (docs/spec.md section 5). */
export function StepPayment({
  order,
  agreeTerms,
  agreePrivacy,
  onAgreeChange,
  processing,
  hintId,
  onEditDetails,
  promo,
}: StepPaymentProps) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  const id = useId();
  const total = formatMoney(order.quote.total, language);
  const agreed = agreeTerms && agreePrivacy;
  const { customer, shipping } = order;

  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby={`${id}-recap`}
        className="rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 ring-sand-300/70 sm:p-6"
      >
        <div className="flex items-center justify-between gap-3">
          <h2 id={`${id}-recap`} className="text-xl font-semibold">
            {t('payment.recap')}
          </h2>
          <Button variant="ghost" size="sm" onClick={onEditDetails} disabled={processing}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('payment.edit')}
          </Button>
        </div>
        <dl className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-bold text-ink-700">{t('payment.deliverTo')}</dt>
            <dd>
              <span className="block">
                {customer.firstName} {customer.lastName}
              </span>
              <span className="block">{shipping.address}</span>
              <span className="block">
                {shipping.postalCode} {shipping.city}
                {shipping.region ? ` ${shipping.region}` : ''}
              </span>
              <span className="block">{countryName(shipping.country, language)}</span>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-bold text-ink-700">{t('payment.contact')}</dt>
            <dd className="min-w-0">
              <span className="block break-all">{customer.email}</span>
              {customer.phone && <span className="block">{customer.phone}</span>}
            </dd>
          </div>
        </dl>
      </section>

      {promo}

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 font-display text-xl font-semibold">{t('payment.agreements')}</legend>
        <label className="flex cursor-pointer items-start gap-3 rounded-2xl bg-lavender-100 p-4">
          <input
            type="checkbox"
            data-agreement=""
            checked={agreeTerms}
            disabled={processing}
            onChange={(event) => onAgreeChange({ agreeTerms: event.target.checked })}
            className="mt-0.5 size-5 shrink-0 accent-coral-600"
          />
          <span className="font-semibold">
            <Trans
              t={t}
              i18nKey="payment.terms"
              components={{
                termsLink: <Link to="/terms" target="_blank" rel="noopener" className={linkClass} />,
              }}
            />
          </span>
        </label>
        <label className="flex cursor-pointer items-start gap-3 rounded-2xl bg-lavender-100 p-4">
          <input
            type="checkbox"
            data-agreement=""
            checked={agreePrivacy}
            disabled={processing}
            onChange={(event) => onAgreeChange({ agreePrivacy: event.target.checked })}
            className="mt-0.5 size-5 shrink-0 accent-coral-600"
          />
          <span className="font-semibold">
            <Trans
              t={t}
              i18nKey="payment.privacy"
              components={{
                privacyLink: <Link to="/privacy" target="_blank" rel="noopener" className={linkClass} />,
              }}
            />
          </span>
        </label>
      </fieldset>

      <section aria-labelledby={`${id}-pay`} className="flex flex-col gap-4">
        <h2 id={`${id}-pay`} className="sr-only">
          {t('payment.payTitle')}
        </h2>
        <p className="flex items-baseline justify-between gap-4">
          <span className="text-lg font-extrabold">{t('payment.total')}</span>
          <span className="font-display text-3xl font-semibold tabular-nums">{total}</span>
        </p>
        {/* The Pay button itself is in the step bar, in sight at every width (issue 20). */}
        {!agreed && (
          <p id={hintId} className="text-center text-sm font-semibold text-ink-700">
            {t('payment.tickBoth')}
          </p>
        )}
        <p className="flex items-start justify-center gap-2 text-center text-sm text-ink-700">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('payment.trust')}
        </p>
      </section>
    </div>
  );
}
