import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { AdminPricing, AdminPromoCode } from '../../../../shared/contracts/admin';
import {
  BOOK_TAX_CATEGORY,
  MAX_OPERATOR_PRICE,
  TAX_CATEGORIES,
  type TaxCategory,
} from '../../../../shared/domain/pricing';
import { normalisePromoCode, PROMO_CODE_PATTERN, PROMO_KINDS } from '../../../../shared/domain/promo';
import { COUNTRIES } from '../../../../shared/domain/shipping';
import { ErrorAlert, TextField } from '../../../components/auth/forms/form-parts';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useLanguage } from '../../../components/layout/use-language';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { codeOf } from '../../../lib/api-client';
import {
  countryName,
  formatBasisPoints,
  formatCalendarDate,
  formatDateTime,
  formatMoney,
  formatPercent,
} from '../../../lib/format';
import { useZodForm } from '../../../lib/use-zod-form';
import { useAdminPricing, useAdminPricingChange } from '../api/admin-api';
import { parseAmount } from '../lib/action-form';
import { AdminShell } from './admin-shell';
import { LoadFailed } from './load-failed';

// The forms' messages are the keys of their texts in admin.json `pricing.errors`.
type FormError = 'day' | 'reason' | 'rate' | 'code' | 'percent' | 'amount' | 'validTo' | 'maxUses' | 'price';
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'day');
const reason = z.string().trim().min(1, 'reason');

/** "8.1", "8,1", "2.6", "19" -> basis points; at most two decimals, 0 to 100. */
function percentToBasisPoints(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return points <= 10_000 ? points : null;
}

const TaxRateFormSchema = z
  .object({
    country: z.enum(COUNTRIES),
    category: z.enum(TAX_CATEGORIES),
    validFrom: day,
    rate: z.string(),
    reason,
  })
  .transform((form, context) => {
    const rateBasisPoints = percentToBasisPoints(form.rate);
    if (rateBasisPoints === null) {
      context.addIssue({ code: 'custom', path: ['rate'], message: 'rate' });
      return z.NEVER;
    }
    const { country, category, validFrom } = form;
    return { country, category, validFrom, rateBasisPoints, reason: form.reason };
  });

const PromoCodeFormSchema = z
  .object({
    code: z.string().transform(normalisePromoCode).pipe(z.string().regex(PROMO_CODE_PATTERN, 'code')),
    kind: z.enum(PROMO_KINDS),
    value: z.string(),
    validFrom: z.union([day, z.literal('')]),
    validTo: z.union([day, z.literal('')]),
    maxUses: z.string().regex(/^\s*(\d{1,6})?\s*$/, 'maxUses'),
    oncePerCustomer: z.boolean(),
    reason,
  })
  .transform((form, context) => {
    const percent = /^\s*\d{1,3}\s*$/.test(form.value) ? Number(form.value) : null;
    const value = form.kind === 'percent' ? percent : parseAmount(form.value);
    if (value === null || value < 1 || (form.kind === 'percent' && value > 100)) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: form.kind === 'percent' ? 'percent' : 'amount',
      });
      return z.NEVER;
    }
    if (form.validFrom && form.validTo && form.validTo < form.validFrom) {
      context.addIssue({ code: 'custom', path: ['validTo'], message: 'validTo' });
      return z.NEVER;
    }
    const maxUses = form.maxUses.trim() === '' ? null : Number(form.maxUses);
    if (maxUses === 0) {
      context.addIssue({ code: 'custom', path: ['maxUses'], message: 'maxUses' });
      return z.NEVER;
    }
    return {
      code: form.code,
      kind: form.kind,
      value,
      validFrom: form.validFrom || null,
      validTo: form.validTo || null,
      maxUses,
      oncePerCustomer: form.oncePerCustomer,
      reason: form.reason,
    };
  });

/** "9", "9.50", "9,5", "0" -> cents; zero allowed (the extra child may be free). */
function priceToCents(text: string): number | null {
  const match = /^\s*(\d{1,4})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_OPERATOR_PRICE ? cents : null;
}

const ProductPriceFormSchema = z.object({ price: z.string(), reason }).transform((form, context) => {
  const basePrice = priceToCents(form.price);
  if (basePrice === null) {
    context.addIssue({ code: 'custom', path: ['price'], message: 'price' });
    return z.NEVER;
  }
  return { productKey: 'extra_child' as const, basePrice, reason: form.reason };
});

const card = 'rounded-3xl bg-white p-4 ring-1 ring-sand-300/70 sm:p-6';

/** /admin/pricing: the dated VAT table and the promo codes (issue 18), each change audited. */
export function PricingPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('meta.pricing'));
  const pricing = useAdminPricing();
  return (
    <AdminShell>
      <div className="flex flex-col gap-8">
        <h1 className="text-3xl font-semibold sm:text-4xl">{t('pricing.title')}</h1>
        {pricing.isPending && <p className="py-10 text-center text-ink-700">{t('loading')}</p>}
        {pricing.isError && <LoadFailed onRetry={() => void pricing.refetch()} />}
        {pricing.data && (
          <>
            <ProductPrices prices={pricing.data.productPrices} />
            <PromoCodes codes={pricing.data.promoCodes} />
            <TaxRates pricing={pricing.data} />
          </>
        )}
      </div>
    </AdminShell>
  );
}

/** The server's refusal, translated; a toast when it is not about a field. */
function useRefusal() {
  const { t } = useTranslation(['admin', 'errors']);
  return (error: unknown) => {
    const message =
      codeOf(error) === 'PROMO_CODE_EXISTS' ? t('errors:codes.PROMO_CODE_EXISTS') : t('pricing.failed');
    toast.error(message, { id: 'pricing-failed' });
  };
}

/** The extra child's price (issue 35): what each child beside the lead adds to an order; zero is free. */
function ProductPrices({ prices }: { prices: AdminPricing['productPrices'] }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const change = useAdminPricingChange();
  const refuse = useRefusal();
  const form = useZodForm(ProductPriceFormSchema, { price: '', reason: '' });
  const { errors } = form.formState;
  const error = (field: keyof typeof errors) => {
    const key = errors[field]?.message as FormError | undefined;
    return key ? t(`pricing.errors.${key}`) : undefined;
  };
  const current = prices.find((price) => price.productKey === 'extra_child');
  const submit = form.handleSubmit((body) =>
    change.mutate(
      { kind: 'product-price', body },
      {
        onSuccess: () => {
          toast.success(t('pricing.products.done'), { id: 'pricing-done' });
          form.reset({ price: '', reason: '' });
        },
        onError: refuse,
      },
    ),
  );
  return (
    <section aria-labelledby="products-title" className="flex flex-col gap-4">
      <h2 id="products-title" className="text-2xl font-semibold">
        {t('pricing.products.title')}
      </h2>
      <p className="max-w-3xl text-ink-700">{t('pricing.products.lead')}</p>
      <form noValidate onSubmit={(event) => void submit(event)} className={`${card} flex flex-col gap-4`}>
        {current && (
          <p className="text-lg font-semibold">
            {t('pricing.products.current', {
              price:
                current.basePrice === 0
                  ? t('pricing.products.free')
                  : formatMoney(current.basePrice, language),
            })}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('pricing.products.price')}
            inputMode="decimal"
            placeholder="9.00"
            {...form.field('price')}
            error={error('price')}
          />
          <TextField label={t('pricing.reason')} {...form.field('reason')} error={error('reason')} />
        </div>
        <Button type="submit" className="self-start" disabled={change.isPending}>
          {change.isPending && <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />}
          {t('pricing.products.save')}
        </Button>
      </form>
    </section>
  );
}

function TaxRates({ pricing }: { pricing: AdminPricing }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const change = useAdminPricingChange();
  const refuse = useRefusal();
  const form = useZodForm(TaxRateFormSchema, {
    country: 'CH',
    category: BOOK_TAX_CATEGORY,
    validFrom: '',
    rate: '',
    reason: '',
  });
  const { errors } = form.formState;
  const error = (field: keyof typeof errors) => {
    const key = errors[field]?.message as FormError | undefined;
    return key ? t(`pricing.errors.${key}`) : undefined;
  };
  const submit = form.handleSubmit((body) =>
    change.mutate(
      { kind: 'tax-rate', body },
      {
        onSuccess: () => {
          toast.success(t('pricing.vat.done'), { id: 'pricing-done' });
          form.reset({ country: body.country, category: body.category, validFrom: '', rate: '', reason: '' });
        },
        onError: refuse,
      },
    ),
  );
  return (
    <section aria-labelledby="vat-title" className="flex flex-col gap-4">
      <h2 id="vat-title" className="text-2xl font-semibold">
        {t('pricing.vat.title')}
      </h2>
      <p className="max-w-3xl text-ink-700">{t('pricing.vat.lead')}</p>
      {pricing.taxRateOverride !== null && (
        <ErrorAlert>
          {t('pricing.vat.override', { rate: formatBasisPoints(pricing.taxRateOverride, language) })}
        </ErrorAlert>
      )}
      <div className={card}>
        <table className="w-full text-left">
          <caption className="sr-only">{t('pricing.vat.title')}</caption>
          <thead className="text-sm text-ink-700">
            <tr>
              <th className="pb-2 font-bold">{t('pricing.vat.country')}</th>
              <th className="pb-2 font-bold">{t('pricing.vat.category')}</th>
              <th className="pb-2 font-bold">{t('pricing.vat.from')}</th>
              <th className="pb-2 text-right font-bold">{t('pricing.vat.rate')}</th>
            </tr>
          </thead>
          <tbody>
            {pricing.taxRates.map((rate) => (
              <tr key={rate.id} className="border-t border-sand-300/70">
                <td className="py-2">{countryName(rate.country, language)}</td>
                <td className="py-2">{t(`pricing.vat.categories.${rate.category}`)}</td>
                <td className="py-2">{formatCalendarDate(rate.validFrom, language)}</td>
                <td className="py-2 text-right tabular-nums">
                  {formatBasisPoints(rate.rateBasisPoints, language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className={`${card} flex flex-col gap-4`}>
        <h3 className="text-lg font-semibold">{t('pricing.vat.add')}</h3>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField
            label={t('pricing.vat.country')}
            name="country"
            value={form.watch('country')}
            onValueChange={(value) => form.setValue('country', value as (typeof COUNTRIES)[number])}
            options={COUNTRIES.map((code) => ({ value: code, label: countryName(code, language) }))}
          />
          <SelectField
            label={t('pricing.vat.category')}
            name="category"
            value={form.watch('category')}
            onValueChange={(value) => form.setValue('category', value as TaxCategory)}
            options={TAX_CATEGORIES.map((category) => ({
              value: category,
              label: t(`pricing.vat.categories.${category}`),
            }))}
          />
          <TextField
            label={t('pricing.vat.from')}
            type="date"
            {...form.field('validFrom')}
            error={error('validFrom')}
          />
          <TextField
            label={t('pricing.vat.ratePercent')}
            inputMode="decimal"
            placeholder="8.1"
            {...form.field('rate')}
            error={error('rate')}
          />
        </div>
        <TextField label={t('pricing.reason')} {...form.field('reason')} error={error('reason')} />
        <Button type="submit" className="self-start" disabled={change.isPending}>
          {change.isPending && <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />}
          {t('pricing.vat.save')}
        </Button>
      </form>
    </section>
  );
}

/** The promo codes, each with what it takes off, when and how often; one not ended can be ended. */
function PromoCodeList({
  codes,
  change,
  refuse,
}: {
  codes: AdminPromoCode[];
  change: ReturnType<typeof useAdminPricingChange>;
  refuse: (error: unknown) => void;
}) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const [ending, setEnding] = useState<string | null>(null);
  const end = (code: string) =>
    change.mutate(
      { kind: 'end-promo-code', code, body: { reason: t('pricing.codes.endReason') } },
      { onSettled: () => setEnding(null), onError: refuse },
    );
  const off = (code: AdminPromoCode) =>
    code.kind === 'percent' ? formatPercent(code.value, language) : formatMoney(code.value, language);
  const valid = (code: AdminPromoCode) => {
    const from = code.validFrom ? formatDateTime(code.validFrom, language) : null;
    const to = code.validTo ? formatDateTime(code.validTo, language) : null;
    if (from && to) return t('pricing.codes.between', { from, to });
    if (from) return t('pricing.codes.fromOnly', { from });
    if (to) return t('pricing.codes.untilOnly', { to });
    return t('pricing.codes.always');
  };
  if (codes.length === 0) return <p className="text-lg">{t('pricing.codes.none')}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {codes.map((code) => (
        <li key={code.id} className={`${card} flex flex-wrap items-center justify-between gap-3`}>
          <div className="min-w-0">
            <p className="font-mono text-lg font-bold">{code.code}</p>
            <p className="text-sm text-ink-700">
              {t('pricing.codes.off', { amount: off(code) })} · {valid(code)} ·{' '}
              {code.maxUses === null
                ? t('pricing.codes.usesUnlimited', { count: code.uses })
                : t('pricing.codes.uses', { count: code.uses, max: code.maxUses })}
              {code.oncePerCustomer ? ` · ${t('pricing.codes.oncePerCustomer')}` : ''}
            </p>
            {code.endedAt && (
              <p className="text-sm font-semibold text-red-700">
                {t('pricing.codes.ended', { date: formatDateTime(code.endedAt, language) })}
              </p>
            )}
          </div>
          {!code.endedAt &&
            (ending === code.code ? (
              <span className="flex gap-2">
                <Button variant="secondary" size="sm" onClick={() => setEnding(null)}>
                  {t('pricing.codes.keep')}
                </Button>
                <Button size="sm" onClick={() => end(code.code)} disabled={change.isPending}>
                  {t('pricing.codes.confirmEnd', { code: code.code })}
                </Button>
              </span>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => setEnding(code.code)}>
                {t('pricing.codes.end')}
              </Button>
            ))}
        </li>
      ))}
    </ul>
  );
}

function PromoCodes({ codes }: { codes: AdminPromoCode[] }) {
  const { t } = useTranslation('admin');
  const change = useAdminPricingChange();
  const refuse = useRefusal();
  const form = useZodForm(PromoCodeFormSchema, {
    code: '',
    kind: 'percent',
    value: '',
    validFrom: '',
    validTo: '',
    maxUses: '',
    oncePerCustomer: true,
    reason: '',
  });
  const { errors } = form.formState;
  const error = (field: keyof typeof errors) => {
    const key = errors[field]?.message as FormError | undefined;
    return key ? t(`pricing.errors.${key}`) : undefined;
  };
  const kind = form.watch('kind');
  const submit = form.handleSubmit((body) =>
    change.mutate(
      { kind: 'promo-code', body },
      {
        onSuccess: () => {
          toast.success(t('pricing.codes.done', { code: body.code }), { id: 'pricing-done' });
          form.reset();
        },
        onError: refuse,
      },
    ),
  );

  return (
    <section aria-labelledby="codes-title" className="flex flex-col gap-4">
      <h2 id="codes-title" className="text-2xl font-semibold">
        {t('pricing.codes.title')}
      </h2>
      <p className="max-w-3xl text-ink-700">{t('pricing.codes.lead')}</p>
      <PromoCodeList codes={codes} change={change} refuse={refuse} />
      <form noValidate onSubmit={(event) => void submit(event)} className={`${card} flex flex-col gap-4`}>
        <h3 className="text-lg font-semibold">{t('pricing.codes.add')}</h3>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={t('pricing.codes.code')}
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            {...form.field('code')}
            error={error('code')}
          />
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 font-bold">{t('pricing.codes.kind')}</legend>
            <div className="flex h-12 items-center gap-4">
              {PROMO_KINDS.map((option) => (
                <label key={option} className="flex items-center gap-2">
                  <input
                    type="radio"
                    value={option}
                    {...form.register('kind')}
                    className="size-4 accent-coral-600"
                  />
                  {t(`pricing.codes.kinds.${option}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <TextField
            label={kind === 'percent' ? t('pricing.codes.percent') : t('pricing.codes.amount')}
            inputMode="decimal"
            {...form.field('value')}
            error={error('value')}
          />
          <TextField
            label={t('pricing.codes.validFrom')}
            type="date"
            {...form.field('validFrom')}
            error={error('validFrom')}
          />
          <TextField
            label={t('pricing.codes.validTo')}
            type="date"
            {...form.field('validTo')}
            error={error('validTo')}
          />
          <TextField
            label={t('pricing.codes.maxUses')}
            inputMode="numeric"
            hint={t('pricing.codes.maxUsesHint')}
            {...form.field('maxUses')}
            error={error('maxUses')}
          />
        </div>
        <label className="flex items-center gap-3">
          <input type="checkbox" {...form.register('oncePerCustomer')} className="size-5 accent-coral-600" />
          <span className="font-semibold">{t('pricing.codes.oncePerCustomerLabel')}</span>
        </label>
        <TextField label={t('pricing.reason')} {...form.field('reason')} error={error('reason')} />
        <Button type="submit" className="self-start" disabled={change.isPending}>
          {change.isPending && <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />}
          {t('pricing.codes.save')}
        </Button>
      </form>
    </section>
  );
}
